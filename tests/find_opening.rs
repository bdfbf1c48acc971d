//! The search by opening name: a game's name is the one the lichess table
//! gives its main line (the TSV lines quoted are the expected values), by
//! transposition too, and the hit is the ply of the named position.

#![cfg(not(target_arch = "wasm32"))]

use cadb::{ca::search::Expressions, openings::Openings};

#[path = "support/search_hits.rs"]
mod search_hits;

/// b.tsv: "B90 Sicilian Defense: Najdorf Variation 1. e4 c5 2. Nf3 d6 3. d4
/// cxd4 4. Nxd4 Nf6 5. Nc3 a6" (10 plies); then 6. a4, which no line of
/// b.tsv names (its 6th moves: Bc4 Bd3 Be2 Be3 Bg5 Rg1 f4 g3 g4 h3).
const NAJDORF: &str = "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. a4 *";
/// The same position by another move order (2. Nc3 first, 5. Nf3 later is
/// not possible: 2. Nf3 d6 3. d4 cxd4 4. Nxd4 a6 5. Nc3 Nf6).
const NAJDORF_TRANSPOSED: &str = "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 a6 5. Nc3 Nf6 *";
/// c.tsv: "C03 French Defense: Tarrasch Variation 1. e4 e6 2. d4 d5 3. Nd2".
const FRENCH: &str = "1. e4 e6 2. d4 d5 3. Nd2 *";

fn hits(
    pgn: &str,
    opening: &str,
    material: Option<&str>,
    openings: Option<&Openings>,
) -> Result<Vec<(u32, u32)>, String> {
    let e = Expressions {
        opening: Some(opening),
        material,
        ..Default::default()
    };
    search_hits::search_hits(pgn, &e, openings)
}

#[test]
fn by_name_and_eco_with_the_named_ply() {
    let o = Openings::builtin();
    let pgn = format!("{NAJDORF}\n\n{FRENCH}\n\n{NAJDORF_TRANSPOSED}\n");
    assert_eq!(
        hits(&pgn, "najdorf", None, Some(&o)).unwrap(),
        [(0, 10), (2, 10)]
    );
    assert_eq!(
        hits(&pgn, "NAJDORF VARIATION", None, Some(&o)).unwrap(),
        [(0, 10), (2, 10)]
    );
    assert_eq!(
        hits(&pgn, "b90", None, Some(&o)).unwrap(),
        [(0, 10), (2, 10)]
    );
    assert_eq!(hits(&pgn, "French", None, Some(&o)).unwrap(), [(1, 5)]);
    assert_eq!(hits(&pgn, "c03", None, Some(&o)).unwrap(), [(1, 5)]);
    assert_eq!(hits(&pgn, "Caro-Kann", None, Some(&o)).unwrap(), []);
}

#[test]
fn with_another_condition_the_later_hit() {
    let o = Openings::builtin();
    // 3...cxd4 (ply 6) puts Black a pawn up until 4. Nxd4: the material
    // hit is ply 6, the opening's ply 10, so the game's hit is ply 10.
    let pgn = format!("{NAJDORF}\n");
    assert_eq!(
        hits(&pgn, "najdorf", Some("diff P=-1"), Some(&o)).unwrap(),
        [(0, 10)]
    );
    // No ply where White is a pawn up: no hit at all.
    assert_eq!(
        hits(&pgn, "najdorf", Some("diff P=1"), Some(&o)).unwrap(),
        []
    );
}

#[test]
fn without_a_table_it_is_an_error_not_a_scan() {
    let err = hits(NAJDORF, "najdorf", None, None).unwrap_err();
    assert!(err.contains("opening"), "{err}");
}
