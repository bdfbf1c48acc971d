//! `playLine(fen, moves)`: a line of UCI moves (an engine's principal
//! variation) as SAN with the position after each move, so the viewer
//! shows and explores an engine's line without chess logic of its own.
//! Flat strings, not objects: no serialiser code for one more type in a
//! module at its size budget.

use alloc::{
    string::{String, ToString},
    vec::Vec,
};

use shakmaty::{san::SanPlus, uci::UciMove};
use wasm_bindgen::prelude::*;

use super::to_js;

/// The moves of `moves` (UCI) played from `fen`, up to the first that is
/// not legal there (the rest is dropped: a line is shown as far as it
/// holds), as `[uci, san, fen after, uci, san, fen after, ...]`.
#[wasm_bindgen(js_name = playLine)]
pub fn play_line(fen: &str, moves: Vec<String>) -> Result<Vec<String>, JsValue> {
    let mut pos = crate::game::fen_argument(Some(fen)).map_err(to_js)?;
    let mut out = Vec::with_capacity(moves.len() * 3);
    for uci in moves {
        let Some(m) = uci
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&pos).ok())
        else {
            break;
        };
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string();
        out.push(uci);
        out.push(san);
        out.push(crate::game::fen_of(&pos));
    }
    Ok(out)
}
