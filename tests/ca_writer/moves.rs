//! Moves, castling, en passant, null moves, promotions and set-ups, byte by byte.

use super::*;

#[test]
fn pawn_moves_and_capture() {
    assert_eq!(body("1. e4 d5 2. exd5 *"), [19, 15, 17]);
    // Left reading: exd5 is `11` → 18 (Q17).
    assert_eq!(
        body_with("1. e4 d5 2. exd5 *", &opts(Convention::Left)),
        [19, 15, 18]
    );
}

#[test]
fn knight_vectors_of_q17() {
    let right = opts(Convention::Right);
    let left = opts(Convention::Left);
    assert_eq!(body_with("1. Nf3 Nf6 *", &right), [43, 40]);
    assert_eq!(body_with("1. Nc3 Nc6 *", &right), [36, 39]);
    assert_eq!(body_with("1. Nf3 Nf6 *", &left), [44, 47]);
    assert_eq!(body_with("1. Nc3 Nc6 *", &left), [35, 32]);
}

#[test]
fn castling_and_bishops() {
    // Bc4: bishop 11, (+3, −3) = `35` → 61 + 9; …Bc5: (−3, −3) = `55` → 61 + 4.
    assert_eq!(
        body("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *"),
        [19, 19, 43, 39, 70, 65, 208]
    );
    // 1.d4 d5 2.Nc3 Nc6 3.Bf4 Bf5 4.Qd2 Qd7 5.O-O-O O-O-O
    // Bf4: bishop 10 c1→f4 (+3,+3) `33` → 48+2; Bf5: c8→f5 (−3,+3) = `53` → 48+10.
    // Qd2: queen d1→d2 `10` → 102+13+13; Qd7: d8→d7 `70` → 102+13+7.
    assert_eq!(
        body("1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O O-O-O *"),
        [15, 15, 36, 39, 50, 58, 128, 122, 207, 207]
    );
    // After castling the rook is piece 13 on f1: Rf1-e1 is `07` → 88.
    assert_eq!(
        body("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. Re1 *")[7..],
        [40, 88]
    );
}

#[test]
fn en_passant() {
    assert_eq!(
        body("1. e4 a6 2. e5 d5 3. exd6 *"),
        [19, 0, 16, 15, 210, 17]
    );
}

#[test]
fn null_move() {
    assert_eq!(body("1. e4 -- 2. d4 *"), [19, 211, 15]);
}

/// The 76 setup bytes for `8/P6k/8/8/8/8/8/K7 w - - 0 1`.
fn setup_a7() -> Vec<u8> {
    let mut s = vec![230];
    let mut white = [8, 0].repeat(18);
    white[0..2].copy_from_slice(&[0x60, 1]); // pawn 0 on a7
    white[30..32].copy_from_slice(&[0x00, 6]); // king 15 on a1
    let mut black = [8, 0].repeat(18);
    black[30..32].copy_from_slice(&[0x67, 6]); // king 15 on h7
    s.extend(white);
    s.extend(black);
    s.extend([0, 0, 0, 0]); // ply 0, no castling, no e.p.
    s
}

#[test]
fn promotion_to_16_then_a_move_of_it() {
    let pgn = "[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8=Q Kg6 2. Qb8 *";
    // Plain: 16 first. byte1 = pawn 0, k 0; byte2 = 5<<5 | 16. Kg6 `77` → 130; Qb8 piece 16 `01` → 137+19.
    let mut want = setup_a7();
    want.extend([209, 0, 176, 130, 156]);
    assert_eq!(body(pgn), want);
    // Preferring fixed numbers: the queen takes 14; Qb8 is then 102+19.
    let o = WriterOptions {
        tricks: cadb::ca::writer::Tricks {
            prefer_fixed_promotion_slots: true,
            ..cadb::ca::writer::Tricks::none()
        },
        ..WriterOptions::plain()
    };
    let mut want = setup_a7();
    want.extend([209, 0, 174, 130, 121]);
    assert_eq!(body_with(pgn, &o), want);
}

#[test]
fn promotion_without_a_free_number_uses_extended_codes() {
    // Queens a2 (14), b1 (16), b2 (17): the new queen keeps pawn number 2.
    let pgn = "[FEN \"8/2P5/8/7k/8/8/QQ6/KQ6 w - - 0 1\"]\n\n1. c8=Q Kh6 2. Qd8 *";
    let b = body(pgn);
    assert_eq!(b[0], 230);
    assert_eq!(&b[77..], [209, 8, 162, 136, 214, 0x01]);
    // Setup numbering: pawn c7 = 2, queens by file then rank: a2 = 14, b1 = 16, b2 = 17.
    let w = &b[1..37];
    assert_eq!(&w[4..6], [0x62, 1]);
    assert_eq!(&w[28..30], [0x10, 5]);
    assert_eq!(&w[32..34], [0x01, 5]);
    assert_eq!(&w[34..36], [0x11, 5]);
    // The extended byte counts right under the Left convention too (§8.11).
    let b = body_with(pgn, &opts(Convention::Left));
    assert_eq!(&b[77..], [209, 8, 162, 136, 214, 0x01]);
}

#[test]
fn setup_record_with_castling_and_en_passant() {
    let b = body("[FEN \"r3k2r/8/8/8/4Pp2/8/8/R3K2R b KQkq e3 0 20\"]\n\n*");
    assert_eq!(b.len(), 77);
    let mut want = vec![230];
    let mut white = [8, 0].repeat(18);
    white[8..10].copy_from_slice(&[0x34, 1]); // pawn 4 on e4
    white[24..26].copy_from_slice(&[0x00, 4]); // rook 12 a1
    white[26..28].copy_from_slice(&[0x07, 4]); // rook 13 h1
    white[30..32].copy_from_slice(&[0x04, 6]); // king e1
    let mut black = [8, 0].repeat(18);
    black[10..12].copy_from_slice(&[0x35, 1]); // pawn 5 on f4
    black[24..26].copy_from_slice(&[0x70, 4]);
    black[26..28].copy_from_slice(&[0x77, 4]);
    black[30..32].copy_from_slice(&[0x74, 6]);
    want.extend(white);
    want.extend(black);
    want.extend([39, 0, 0x0F, 0x24]); // ply (20−1)·2+1, all castlings, e.p. e3
    assert_eq!(b, want);
}
