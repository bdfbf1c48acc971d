//! The engines at work: one thread per engine, each taking the next game
//! from a shared queue, scoring every main-line position, applying the
//! analysis (`cadb::annotate`) and sending back the game's PGN. An engine
//! that fails is restarted for the next game; the game it failed on is
//! still sent, without the scores it could not get.

use std::{
    path::PathBuf,
    sync::{
        Mutex,
        mpsc::{Receiver, Sender},
    },
    time::Duration,
};

use cadb::{
    annotate::{Score, annotate},
    game::{Game, Ply, fen_of, pgn::to_pgn, play_ply},
};
use shakmaty::{Position, uci::UciMove};

use super::uci::{Engine, Limit};

/// What every engine is asked, and how long it may take.
#[derive(Clone, Debug)]
pub struct Settings {
    pub engine: PathBuf,
    pub limit: Limit,
    /// The deadline of one position's search.
    pub timeout: Duration,
}

/// One game to analyse.
pub struct Job {
    pub index: u64,
    pub game: Game,
}

/// One game done: its PGN, and what went wrong, if anything.
pub struct Done {
    pub index: u64,
    pub pgn: String,
    /// The engine failed on this game (the message names the position).
    pub engine_error: Option<String>,
    /// Positions searched, and the engine's nodes and milliseconds on them.
    pub searched: u64,
    pub nodes: u64,
    pub time_ms: u64,
}

/// Runs one worker until the queue closes: `engine` is its first engine
/// (already started, so a bad path fails before any output).
pub fn work(
    settings: &Settings,
    mut engine: Option<Engine>,
    jobs: &Mutex<Receiver<Job>>,
    done: &Sender<Done>,
) {
    loop {
        // The lock is held only to take a job.
        let job = match jobs.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(Job { index, mut game }) = job else {
            return;
        };
        if engine.is_none() {
            engine = Engine::start(&settings.engine).ok();
        }
        let mut out = Done {
            index,
            pgn: String::new(),
            engine_error: None,
            searched: 0,
            nodes: 0,
            time_ms: 0,
        };
        let scores = match engine.as_mut() {
            Some(e) => score_game(e, settings, &game, &mut out),
            None => {
                out.engine_error = Some(format!(
                    "{}: the engine did not start again",
                    settings.engine.display()
                ));
                Vec::new()
            }
        };
        if out.engine_error.is_some() {
            // Killed (dropped) now, started afresh for the next game.
            engine = None;
        }
        // The decoder replayed every move: annotate and the writer cannot fail.
        out.pgn = match annotate(&mut game, &scores).and_then(|_| to_pgn(&game)) {
            Ok(text) => text,
            Err(e) => {
                out.engine_error
                    .get_or_insert(format!("the game does not replay: {e}"));
                String::new()
            }
        };
        if done.send(out).is_err() {
            return;
        }
    }
}

/// The engine's score of each main-line position (plies 0 to n); `None`
/// for a position that is over (`annotate` knows those exactly) and from
/// the first failure on, which is noted in `out`.
fn score_game(
    engine: &mut Engine,
    settings: &Settings,
    game: &Game,
    out: &mut Done,
) -> Vec<Option<Score>> {
    let mut scores = Vec::with_capacity(game.moves.len() + 1);
    if let Err(e) = engine.new_game() {
        out.engine_error = Some(e);
        return scores;
    }
    let Ok(mut pos) = game.start_position() else {
        return scores;
    };
    // The `position` command: from the start (or the set-up FEN), or from
    // the FEN after the last null move, which UCI cannot send as a move.
    let mut base = match &game.start_fen {
        Some(_) => format!("fen {}", fen_of(&pos)),
        None => "startpos".to_string(),
    };
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..=game.moves.len() {
        if ply > 0 {
            let mv = &game.moves[ply - 1].mv;
            if play_ply(&mut pos, mv).is_err() {
                break;
            }
            match mv {
                Ply::Move(m) => moves.push(UciMove::from_standard(*m).to_string()),
                Ply::Null => {
                    base = format!("fen {}", fen_of(&pos));
                    moves.clear();
                }
            }
        }
        if pos.is_game_over() {
            scores.push(None);
            continue;
        }
        let position = match moves.is_empty() {
            true => base.clone(),
            false => format!("{base} moves {}", moves.join(" ")),
        };
        match engine.search(&position, settings.limit, settings.timeout) {
            Ok(s) => {
                scores.push(s.white_view(pos.turn()));
                out.searched += 1;
                out.nodes += s.nodes;
                out.time_ms += s.time_ms;
            }
            Err(e) => {
                out.engine_error = Some(format!("ply {ply}: {e}"));
                break;
            }
        }
    }
    scores
}
