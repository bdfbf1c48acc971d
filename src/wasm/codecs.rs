//! The compact move codecs from JS: Jose GameText, UCI16, MGC/PGC and the
//! 64-bit move-statistics record. Moves go in and out as SAN or UCI strings,
//! from the standard start or from a FEN; every move is checked for legality.

use alloc::{
    string::{String, ToString},
    vec::Vec,
};

use js_sys::{Object, Reflect, Uint8Array};
use shakmaty::{CastlingMode, Chess, Square, san::San, uci::UciMove};
use wasm_bindgen::prelude::*;

use super::{bad_argument, opt_string, to_js};
use crate::{
    Error, ErrorKind, FileKind,
    game::{self, Ply, pgn::PgnWriter},
    ordinal::{Format, Ordering},
    stats::{MoveStats, record::Promotion, record::Wdl},
    uci16::{self, Uci16Options},
};

fn start(fen: Option<String>) -> Result<Chess, JsValue> {
    game::fen_argument(fen.as_deref()).map_err(to_js)
}

/// An ordering's name; [`Ordering::San`] when absent.
fn ordering(name: Option<String>) -> Result<Ordering, JsValue> {
    name.map_or(Ok(Ordering::San), |o| o.parse().map_err(to_js))
}

/// Move `i` (0-based) of a caller's list is not legal: an `illegal-move` error.
fn illegal(i: usize, text: &str) -> JsValue {
    let e = Error::new(
        ErrorKind::NotAMove { text: text.into() },
        FileKind::Argument,
    );
    to_js(e.at_ply(i as u32))
}

/// Plays a caller's move list from `pos`, each move read by `read` and checked.
fn plies_from(
    pos: &Chess,
    moves: &[String],
    read: impl Fn(&str, &Chess) -> Option<Ply>,
) -> Result<Vec<Ply>, JsValue> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (i, s) in moves.iter().enumerate() {
        let ply = read(s, &pos).ok_or_else(|| illegal(i, s))?;
        game::play_ply(&mut pos, &ply).map_err(|_| illegal(i, s))?;
        out.push(ply);
    }
    Ok(out)
}

/// A SAN move (`--` or `0000` a null move).
fn san_ply(s: &str, pos: &Chess) -> Option<Ply> {
    if s == "--" || s == "0000" {
        return Some(Ply::Null);
    }
    s.parse::<San>().ok()?.to_move(pos).ok().map(Ply::Move)
}

/// A UCI move.
fn uci_ply(s: &str, pos: &Chess) -> Option<Ply> {
    s.parse::<UciMove>().ok()?.to_move(pos).ok().map(Ply::Move)
}

/// SAN of each ply, replayed from `pos`.
fn sans_of(pos: &Chess, plies: &[Ply]) -> Vec<String> {
    let mut pos = pos.clone();
    plies
        .iter()
        .map(|p| {
            let s = game::ply_san(&pos, p);
            let _ = game::play_ply(&mut pos, p);
            s
        })
        .collect()
}

/// Decodes Jose GameText bytes (and its comments array) to PGN movetext.
#[wasm_bindgen(js_name = joseDecode)]
pub fn jose_decode(bin: &[u8], comments: &[u8], fen: Option<String>) -> Result<String, JsValue> {
    let mut out = String::new();
    crate::jose::decode_with(bin, comments, fen.as_deref(), &mut PgnWriter::new(&mut out))
        .map_err(to_js)?;
    let movetext = out.split_once("\n\n").map_or(out.as_str(), |(_, m)| m);
    Ok(movetext.trim_end().to_string())
}

/// Encodes PGN movetext (variations, comments, NAGs) as Jose GameText.
#[wasm_bindgen(js_name = joseEncode, unchecked_return_type = "{ bin: Uint8Array; comments: Uint8Array }")]
pub fn jose_encode(movetext: &str, fen: Option<String>) -> Result<JsValue, JsValue> {
    let (bin, comments) = crate::jose::import_pgn(movetext, fen.as_deref()).map_err(to_js)?;
    let o = Object::new();
    let _ = Reflect::set(&o, &"bin".into(), &Uint8Array::from(&bin[..]));
    let _ = Reflect::set(&o, &"comments".into(), &Uint8Array::from(&comments[..]));
    Ok(o.into())
}

/// Decodes a UCI16 move list to UCI moves.
#[wasm_bindgen(js_name = uci16Decode)]
pub fn uci16_decode(bytes: &[u8], fen: Option<String>) -> Result<Vec<String>, JsValue> {
    let pos = start(fen)?;
    let plies = uci16::decode_moves(bytes, &pos, Uci16Options::default()).map_err(to_js)?;
    Ok(plies
        .iter()
        .map(|p| match p {
            Ply::Move(m) => m.to_uci(CastlingMode::Standard).to_string(),
            Ply::Null => String::from("0000"),
        })
        .collect())
}

/// Encodes UCI moves as a UCI16 move list.
#[wasm_bindgen(js_name = uci16Encode)]
pub fn uci16_encode(moves: Vec<String>, fen: Option<String>) -> Result<Vec<u8>, JsValue> {
    let start_pos = start(fen)?;
    let plies = plies_from(&start_pos, &moves, uci_ply)?;
    uci16::encode_moves(&start_pos, &plies).map_err(to_js)
}

/// SAN moves from `fen` coded as `format`.
fn ordinal_encode(
    format: Format,
    san: &[String],
    order: Option<String>,
    fen: Option<String>,
) -> Result<Vec<u8>, JsValue> {
    let pos = start(fen)?;
    let plies = plies_from(&pos, san, san_ply)?;
    format.encode(&pos, &plies, ordering(order)?).map_err(to_js)
}

/// `format`'s bytes from `fen` as SAN moves.
fn ordinal_decode(
    format: Format,
    bytes: &[u8],
    order: Option<String>,
    fen: Option<String>,
) -> Result<Vec<String>, JsValue> {
    let pos = start(fen)?;
    let plies = format
        .decode(bytes, &pos, ordering(order)?)
        .map_err(to_js)?;
    Ok(sans_of(&pos, &plies))
}

/// Encodes SAN moves as MGC nibbles (u16 move count first).
#[wasm_bindgen(js_name = mgcEncode)]
pub fn mgc_encode(
    san: Vec<String>,
    #[wasm_bindgen(unchecked_optional_param_type = "MoveOrdering | null")] order: Option<String>,
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] fen: Option<String>,
) -> Result<Vec<u8>, JsValue> {
    ordinal_encode(Format::Mgc, &san, order, fen)
}

/// Decodes MGC bytes to SAN moves.
#[wasm_bindgen(js_name = mgcDecode)]
pub fn mgc_decode(
    bytes: &[u8],
    #[wasm_bindgen(unchecked_optional_param_type = "MoveOrdering | null")] order: Option<String>,
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] fen: Option<String>,
) -> Result<Vec<String>, JsValue> {
    ordinal_decode(Format::Mgc, bytes, order, fen)
}

/// Encodes SAN moves as PGC bytes (one ordinal a byte).
#[wasm_bindgen(js_name = pgcEncode)]
pub fn pgc_encode(
    san: Vec<String>,
    #[wasm_bindgen(unchecked_optional_param_type = "MoveOrdering | null")] order: Option<String>,
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] fen: Option<String>,
) -> Result<Vec<u8>, JsValue> {
    ordinal_encode(Format::Pgc, &san, order, fen)
}

/// Decodes PGC bytes to SAN moves.
#[wasm_bindgen(js_name = pgcDecode)]
pub fn pgc_decode(
    bytes: &[u8],
    #[wasm_bindgen(unchecked_optional_param_type = "MoveOrdering | null")] order: Option<String>,
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] fen: Option<String>,
) -> Result<Vec<String>, JsValue> {
    ordinal_decode(Format::Pgc, bytes, order, fen)
}

/// Packs a move-statistics record into its 64 bits.
#[wasm_bindgen(js_name = stats64Encode)]
pub fn stats64_encode(
    #[wasm_bindgen(unchecked_param_type = "MoveStatsRecord")] record: JsValue,
) -> Result<u64, JsValue> {
    // `max` is an integer: formatting an f64 into the message would link
    // the float printer (11 KB of wasm) for this one message.
    let num = |k: &str, max: u16| -> Result<f64, JsValue> {
        Reflect::get(&record, &k.into())
            .ok()
            .and_then(|v| v.as_f64())
            .filter(|n| (0.0..=f64::from(max)).contains(n) && n.fract() == 0.0)
            .ok_or_else(|| bad_argument(&alloc::format!("`{k}` must be an integer 0-{max}")))
    };
    let square = |k: &str| -> Result<Square, JsValue> {
        opt_string(&record, k)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad_argument(&alloc::format!("`{k}` must be a square such as \"e2\"")))
    };
    let promotion = match opt_string(&record, "promotion").as_deref() {
        None | Some("") => Promotion::None,
        Some("n") => Promotion::Knight,
        Some("b") => Promotion::Bishop,
        Some("r") => Promotion::Rook,
        Some("q") => Promotion::Queen,
        Some(p) => return Err(bad_argument(&alloc::format!("unknown promotion {p:?}"))),
    };
    let p = num("wdlPercent", 99)? as u8;
    let wdl = match opt_string(&record, "wdl").as_deref() {
        Some("win") => Wdl::Win(p),
        Some("draw") => Wdl::Draw(p),
        Some("loss") => Wdl::Loss(p),
        _ => return Err(bad_argument("`wdl` must be \"win\", \"draw\" or \"loss\"")),
    };
    let eloneg = Reflect::get(&record, &"eloDiffNeg".into())
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    let r = MoveStats {
        from: square("from")?,
        to: square("to")?,
        promotion,
        white_elo: num("whiteElo", 2047)? as u16,
        elo_diff: num("eloDiff", 255)? as u8,
        elo_diff_neg: eloneg,
        wdl,
        count: num("count", 4095)? as u16,
        weight: num("weight", 255)? as u8,
    };
    Ok(r.encode())
}

/// Unpacks 64 bits into a move-statistics record.
#[wasm_bindgen(js_name = stats64Decode, unchecked_return_type = "MoveStatsRecord")]
pub fn stats64_decode(bits: u64) -> Result<JsValue, JsValue> {
    let r = MoveStats::decode(bits).map_err(to_js)?;
    let o = Object::new();
    let put = |k: &str, v: JsValue| {
        let _ = Reflect::set(&o, &k.into(), &v);
    };
    put("from", r.from.to_string().into());
    put("to", r.to.to_string().into());
    let promo = match r.promotion {
        Promotion::None => "",
        Promotion::Knight => "n",
        Promotion::Bishop => "b",
        Promotion::Rook => "r",
        Promotion::Queen => "q",
    };
    put("promotion", promo.into());
    put("whiteElo", r.white_elo.into());
    put("eloDiff", r.elo_diff.into());
    put("eloDiffNeg", r.elo_diff_neg.into());
    let (kind, p) = match r.wdl {
        Wdl::Win(p) => ("win", p),
        Wdl::Draw(p) => ("draw", p),
        Wdl::Loss(p) => ("loss", p),
    };
    put("wdl", kind.into());
    put("wdlPercent", p.into());
    put("count", r.count.into());
    put("weight", r.weight.into());
    Ok(o.into())
}
