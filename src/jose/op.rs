//! The GameText opcodes (spec `gametext-bytecode.md`, §2): what each byte of
//! the move stream means. A move byte is a piece identity plus an offset
//! (`ids.rs`); the rest are fixed codes.

use crate::game::GameResult;

/// Pawn moves: `4·p + offset` for pawn identity `p` 0–7 (offset 0–3).
pub const PAWN: u8 = 0x00;
pub const PAWN_LAST: u8 = 0x1f;
/// Knight moves: identities 0x20 and 0x28, offset 0–7.
pub const KNIGHT: u8 = 0x20;
pub const KNIGHT_LAST: u8 = 0x2f;
/// Bishop moves: identities 0x30 and 0x40, offset 0–15.
pub const BISHOP: u8 = 0x30;
pub const BISHOP_LAST: u8 = 0x4f;
/// Rook moves: identities 0x50 and 0x60, offset 0–15.
pub const ROOK: u8 = 0x50;
pub const ROOK_LAST: u8 = 0x6f;
/// Queen moves: offset 0–15 diagonal, 16–31 along a line.
pub const QUEEN: u8 = 0x70;
pub const QUEEN_LAST: u8 = 0x8f;
/// King moves: offset 0–7.
pub const KING: u8 = 0x90;
pub const KING_LAST: u8 = 0x97;
pub const CASTLE_SHORT: u8 = 0x98;
pub const CASTLE_LONG: u8 = 0x99;
pub const NULL_MOVE: u8 = 0x9a;
/// `0xa0 + pawn`: the pawn promotes; a second byte follows.
pub const PROMOTION: u8 = 0xa0;
pub const PROMOTION_LAST: u8 = 0xa7;
/// `0xa8 + pawn`: the piece that pawn became moves; a second byte follows.
pub const PROMOTED: u8 = 0xa8;
pub const PROMOTED_LAST: u8 = 0xaf;
/// Set in the second byte of a promotion or promoted-piece move.
pub const SECOND_BYTE: u8 = 0x20;
/// A NAG in the next byte; `0xb0 + n` is NAG `n` for 1–31.
pub const NAG: u8 = 0xb0;
pub const NAG_LAST: u8 = 0xcf;
pub const RESULT_BLACK: u8 = 0xd0;
pub const RESULT_DRAW: u8 = 0xd1;
pub const RESULT_WHITE: u8 = 0xd2;
pub const RESULT_UNKNOWN: u8 = 0xd3;
/// A comment: its text is the next string of the comments array.
pub const COMMENT: u8 = 0xe0;
/// Error records 0xe1–0xe5: Jose's note of input it could not read, with a text.
pub const ERROR_FIRST: u8 = 0xe1;
pub const ERROR_LAST: u8 = 0xe5;
pub const VARIATION_START: u8 = 0xf0;
pub const VARIATION_END: u8 = 0xf1;
/// The end of the stream.
pub const END: u8 = 0xff;

/// The result code of a game result.
pub fn result_code(result: GameResult) -> u8 {
    match result {
        GameResult::BlackWins => RESULT_BLACK,
        GameResult::Draw => RESULT_DRAW,
        GameResult::WhiteWins => RESULT_WHITE,
        GameResult::Unknown => RESULT_UNKNOWN,
    }
}

/// The game result of a result code.
pub fn code_result(code: u8) -> Option<GameResult> {
    Some(match code {
        RESULT_BLACK => GameResult::BlackWins,
        RESULT_DRAW => GameResult::Draw,
        RESULT_WHITE => GameResult::WhiteWins,
        RESULT_UNKNOWN => GameResult::Unknown,
        _ => return None,
    })
}

/// Whether a code is followed by a second byte.
pub fn has_second_byte(code: u8) -> bool {
    matches!(code, PROMOTION..=PROMOTED_LAST | NAG)
}
