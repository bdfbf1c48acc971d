//! D00 fields, the CDP, and names cut to their field.

use super::*;

#[test]
fn d00_and_cdp_fields() {
    let pgn = "[Event \"Ch\"]\n[Site \"Moscow\"]\n[Date \"1997.03.15\"]\n[Round \"3\"]\n\
               [White \"Анна\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n[WhiteElo \"2500\"]\n\
               [ECO \"C42\"]\n[Annotator \"Bob\"]\n[Source \"Book\"]\n\n1. e4 1-0\n\n\
               [Round \"3.5\"]\n[Result \"1/2-1/2\"]\n\n1. d4 1/2-1/2";
    let games = read_pgn(pgn).unwrap();
    let o = WriterOptions {
        comment: "База".into(),
        ..WriterOptions::plain()
    };
    let (f, _) = write_database(&games, &o).unwrap();
    let d = &f.d00[..38];
    assert_eq!(f.d00.len(), 76);
    assert_eq!(d[10], 2); // White won
    assert_eq!(&d[11..14], [0x8F, 0xAD, 0x0C]);
    assert_eq!(u16::from_le_bytes([d[6], d[7]]), 2500);
    assert_eq!(u16::from_le_bytes([d[8], d[9]]), 0);
    assert_eq!(u32_at(d, 20), 0); // game type
    assert_eq!(u32_at(d, 24), 0); // GameID = index in plain mode
    assert_eq!((d[28], d[29]), (0, 6));
    assert_eq!(u16::from_le_bytes([d[30], d[31]]), 242);
    // Ids: entry 0 is the empty name; Анна = 1, Bob = 2, annotator Bob = 2.
    assert_eq!((u24_at(d, 0), u24_at(d, 3), u24_at(d, 32)), (1, 2, 2));
    assert_eq!((u24_at(d, 14), u24_at(d, 17), u24_at(d, 35)), (1, 1, 1));
    let d = &f.d00[38..];
    assert_eq!((d[10], d[29]), (1, 7));
    assert_eq!(u16::from_le_bytes([d[30], d[31]]), 0xFFFF);
    assert_eq!(u32_at(d, 24), 1);
    assert_eq!((u24_at(d, 0), u24_at(d, 14)), (0, 0));
    assert_eq!(&d[11..14], [0, 0, 0]);
    // CDP.
    let c = &f.cdp;
    assert_eq!(&c[..29], b"Chess Assistant 3.0 database.");
    assert!(c[29..50].iter().all(|&b| b == 0));
    assert_eq!(&c[50..85], b"\nChess Data Pro format. Version 1.3");
    assert_eq!(c[50], 0x0A);
    assert_eq!(u32_at(c, 104), 2);
    assert_eq!(u32_at(c, 108), 4);
    assert_eq!(&c[112..], [0xC1, 0xE0, 0xE7, 0xE0]);
}

#[test]
fn assessment_outcome() {
    let mut games = read_pgn("1. e4 *").unwrap();
    games[0].headers.assessment = cadb::game::Assessment::from_code(14);
    let (f, _) = write_database(&games, &WriterOptions::plain()).unwrap();
    assert_eq!(f.d00[10], 14);
    games[0].headers.assessment = None;
    let (f, _) = write_database(&games, &WriterOptions::plain()).unwrap();
    assert_eq!(f.d00[10], 4);
}

#[test]
fn long_names_are_cut_to_255_bytes() {
    let name = "Щ".repeat(100_000);
    let mut games = read_pgn("1. e4 *").unwrap();
    games[0].headers.white = Some(name);
    let (f, report) = write_database(&games, &WriterOptions::plain()).unwrap();
    assert_eq!(report.truncated_names, 1);
    let emb = read_emb(&f.emb);
    let (n, _) = emb.name("Players", u24_at(&f.d00, 0));
    assert_eq!(n, "Щ".repeat(255));
}
