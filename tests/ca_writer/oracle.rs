//! An independent D02 decoder written from the spec's tables (§8.6–§8.14),
//! replaying every record the writer writes.

use super::*;

const PAWN_W: [u8; 4] = [0x10, 0x17, 0x11, 0x20];
const PAWN_B: [u8; 4] = [0x70, 0x77, 0x71, 0x60];
const KNIGHT: [u8; 8] = [0x67, 0x76, 0x16, 0x27, 0x21, 0x12, 0x72, 0x61];
const DIAG: [u8; 13] = [
    0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x17, 0x26, 0x35, 0x53, 0x62, 0x71,
];
const ORTHO: [u8; 14] = [
    0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x70, 0x60, 0x50, 0x40, 0x30, 0x20, 0x10,
];
const KING: [u8; 8] = [0x11, 0x77, 0x17, 0x71, 0x07, 0x01, 0x70, 0x10];

/// Piece number and offset of code 0–206 (the table of §8.6).
fn code_offset(c: u8, white: bool) -> (usize, u8) {
    let c = c as usize;
    let queen = |i: usize| if i < 13 { DIAG[i] } else { ORTHO[i - 13] };
    let all35 = |i: usize| if i < 27 { queen(i) } else { KNIGHT[i - 27] };
    match c {
        0..=31 => (c / 4, if white { PAWN_W[c % 4] } else { PAWN_B[c % 4] }),
        32..=47 => (8 + (c - 32) / 8, KNIGHT[(c - 32) % 8]),
        48..=73 => (10 + (c - 48) / 13, DIAG[(c - 48) % 13]),
        74..=101 => (12 + (c - 74) / 14, ORTHO[(c - 74) % 14]),
        102..=128 => (14, queen(c - 102)),
        129..=136 => (15, KING[c - 129]),
        137..=171 => (16, all35(c - 137)),
        _ => (17, all35(c - 172)),
    }
}

#[derive(Clone)]
struct Dec {
    pos: Chess,
    /// Square of each piece number per side (0 = White).
    sq: [[Option<Square>; 18]; 2],
}

fn apply(sq: Square, off: u8, left: bool) -> Square {
    let (y, x) = ((off >> 4) as u32, (off & 15) as u32);
    let r = (sq.rank().to_u32() + y) % 8;
    let f = if left {
        (sq.file().to_u32() + 8 - x) % 8
    } else {
        (sq.file().to_u32() + x) % 8
    };
    Square::from_coords(shakmaty::File::new(f), shakmaty::Rank::new(r))
}

impl Dec {
    fn start() -> Dec {
        let mut sq = [[None; 18]; 2];
        for (s, back, pawns) in [(0, 0, 1), (1, 7, 6)] {
            for f in 0..8 {
                sq[s][f as usize] = Some(Square::from_coords(
                    shakmaty::File::new(f),
                    shakmaty::Rank::new(pawns),
                ));
            }
            for (n, f) in [
                (8, 1),
                (9, 6),
                (10, 2),
                (11, 5),
                (12, 0),
                (13, 7),
                (14, 3),
                (15, 4),
            ] {
                sq[s][n] = Some(Square::from_coords(
                    shakmaty::File::new(f),
                    shakmaty::Rank::new(back),
                ));
            }
        }
        Dec {
            pos: Chess::default(),
            sq,
        }
    }

    fn setup(b: &[u8]) -> Dec {
        let mut board = shakmaty::Board::empty();
        let mut sq = [[None; 18]; 2];
        for s in 0..2 {
            for n in 0..18 {
                let (c, t) = (b[36 * s + 2 * n], b[36 * s + 2 * n + 1]);
                if c == 8 && t == 0 {
                    continue;
                }
                let at = Square::new(u32::from(c >> 4) * 8 + u32::from(c & 15));
                let role = [
                    Role::Pawn,
                    Role::Knight,
                    Role::Bishop,
                    Role::Rook,
                    Role::Queen,
                    Role::King,
                ][t as usize - 1];
                let color = if s == 0 { Color::White } else { Color::Black };
                board.set_piece_at(at, role.of(color));
                sq[s][n] = Some(at);
            }
        }
        let plies = u16::from_le_bytes([b[72], b[73]]);
        let mut fen = format!(
            "{board} {} ",
            if plies.is_multiple_of(2) { 'w' } else { 'b' }
        );
        let mask = b[74];
        let mut c = String::new();
        for (bit, ch) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
            if mask & bit != 0 {
                c.push(ch);
            }
        }
        fen += if c.is_empty() { "-" } else { &c };
        fen += " ";
        fen += &if b[75] == 0 {
            "-".to_string()
        } else {
            Square::new(u32::from(b[75] >> 4) * 8 + u32::from(b[75] & 15)).to_string()
        };
        fen += &format!(" 0 {}", plies / 2 + 1);
        let pos = Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        Dec { pos, sq }
    }

    fn side(&self) -> usize {
        if self.pos.turn().is_white() { 0 } else { 1 }
    }

    /// Plays the legal move from → to (with promotion / castling side), updating the numbers.
    fn play(&mut self, n: usize, to: Square, promo: Option<(Role, usize)>, ep: bool) -> Move {
        let s = self.side();
        let from = self.sq[s][n].expect("piece number on the board");
        let m = self
            .pos
            .legal_moves()
            .into_iter()
            .find(|m| {
                m.from() == Some(from)
                    && m.to() == to
                    && !m.is_castle()
                    && m.promotion() == promo.map(|p| p.0)
                    && m.is_en_passant() == ep
            })
            .unwrap_or_else(|| {
                panic!(
                    "no legal move {from}{to} in {}",
                    cadb::game::fen_of(&self.pos)
                )
            });
        let taken = if ep {
            Square::from_coords(to.file(), from.rank())
        } else {
            to
        };
        if m.is_capture() {
            let t = self.sq[1 - s]
                .iter()
                .position(|q| *q == Some(taken))
                .unwrap();
            self.sq[1 - s][t] = None;
        }
        self.sq[s][n] = None;
        let n = promo.map_or(n, |p| p.1);
        assert!(self.sq[s][n].is_none(), "promotion into a taken number");
        self.sq[s][n] = Some(to);
        self.pos.play_unchecked(m);
        m
    }

    fn castle(&mut self, side: CastlingSide) -> Move {
        let s = self.side();
        let m = self
            .pos
            .legal_moves()
            .into_iter()
            .find(|m| m.castling_side() == Some(side))
            .expect("castling legal");
        if let Move::Castle { king, rook } = m {
            let rank = king.rank();
            let k = self.sq[s].iter().position(|q| *q == Some(king)).unwrap();
            let r = self.sq[s].iter().position(|q| *q == Some(rook)).unwrap();
            self.sq[s][k] = Some(Square::from_coords(side.king_to_file(), rank));
            self.sq[s][r] = Some(Square::from_coords(side.rook_to_file(), rank));
        }
        self.pos.play_unchecked(m);
        m
    }
}

/// Decodes a record body: the main line, and counts of variations and comments.
fn decode(body: &[u8], left: bool) -> (Vec<Ply>, usize, usize) {
    let mut st = if body.first() == Some(&230) {
        Dec::setup(&body[1..77])
    } else {
        Dec::start()
    };
    let mut i = if body.first() == Some(&230) { 77 } else { 0 };
    let mut stack: Vec<Dec> = Vec::new();
    let mut extended = [[false; 8]; 2];
    let mut ext_stack = Vec::new();
    let (mut main, mut vars, mut comments) = (Vec::new(), 0, 0);
    let mut next_ep = false;
    while i < body.len() {
        let c = body[i];
        i += 1;
        let ply = match c {
            0..=206 => {
                let white = st.side() == 0;
                let (n, off) = code_offset(c, white);
                let s = st.side();
                assert!(n >= 8 || !extended[s][n], "pawn code for an extended piece");
                let from = st.sq[s][n].expect("piece present");
                let ep = std::mem::take(&mut next_ep);
                Some(Ply::Move(st.play(n, apply(from, off, left), None, ep)))
            }
            207 => Some(Ply::Move(st.castle(CastlingSide::QueenSide))),
            208 => Some(Ply::Move(st.castle(CastlingSide::KingSide))),
            209 => {
                let (b1, b2) = (body[i], body[i + 1]);
                i += 2;
                let (p, k) = ((b1 >> 2) as usize, (b1 & 3) as usize);
                let s = st.side();
                let off = if s == 0 { PAWN_W[k] } else { PAWN_B[k] };
                let role =
                    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen][(b2 >> 5) as usize - 2];
                let number = (b2 & 31) as usize;
                let from = st.sq[s][p].unwrap();
                if number < 8 {
                    extended[s][number] = true;
                }
                Some(Ply::Move(st.play(
                    p,
                    apply(from, off, left),
                    Some((role, number)),
                    false,
                )))
            }
            210 => {
                next_ep = true;
                None
            }
            211 => {
                st.pos = st.pos.clone().swap_turn().unwrap();
                Some(Ply::Null)
            }
            212..=219 => {
                let n = (c - 212) as usize;
                let s = st.side();
                assert!(extended[s][n], "extended code for a pawn");
                let from = st.sq[s][n].unwrap();
                let to = apply(from, body[i], false);
                i += 1;
                Some(Ply::Move(st.play(n, to, None, false)))
            }
            231 => {
                stack.push(st.clone());
                ext_stack.push(extended);
                vars += 1;
                None
            }
            232 => {
                st = stack.pop().unwrap();
                extended = ext_stack.pop().unwrap();
                None
            }
            233 => {
                i += 1;
                None
            }
            234 => {
                assert!(matches!(body[i], 2 | 3));
                i += 2;
                comments += 1;
                None
            }
            235 => {
                i += 1 + body[i] as usize;
                comments += 1;
                None
            }
            236 => {
                i += 4 + u32_at(body, i) as usize;
                comments += 1;
                None
            }
            _ => panic!("undefined code {c}"),
        };
        assert!(i <= body.len(), "payload crosses the record end");
        if let Some(p) = ply
            && stack.is_empty()
        {
            main.push(p);
        }
        // A captured extended piece frees its number.
        for (ext, sq) in extended.iter_mut().zip(&st.sq) {
            for (e, q) in ext.iter_mut().zip(sq) {
                *e &= q.is_some();
            }
        }
    }
    assert_eq!(i, body.len());
    assert!(stack.is_empty(), "unclosed variation");
    (main, vars, comments)
}

fn count_vars(nodes: &[cadb::game::Node]) -> usize {
    nodes
        .iter()
        .map(|n| {
            n.variations
                .iter()
                .map(|v| 1 + count_vars(v))
                .sum::<usize>()
        })
        .sum()
}

/// Decodes every written game (through D00 → A02 → D02) and compares its main line.
pub(crate) fn check_all(games: &[Game], o: &WriterOptions) -> WriteReport {
    let (f, report) = write_database(games, o).unwrap();
    let written: Vec<&Game> = games
        .iter()
        .enumerate()
        .filter(|(i, _)| !report.skipped.iter().any(|s| s.0 == *i))
        .map(|(_, g)| g)
        .collect();
    assert_eq!(f.d00.len(), 38 * written.len());
    assert_eq!(u32_at(&f.cdp, 104) as usize, written.len());
    let mut redirected = 0;
    for (i, g) in written.iter().enumerate() {
        let id = u32_at(&f.d00, 38 * i + 24);
        let (at, steps) = follow(&f.a02, id);
        redirected += usize::from(steps > 0);
        let (len, prefix) = length(&f.d02, at as usize);
        let start = at as usize + prefix;
        let body = &f.d02[start..start + len];
        let (main, vars, _) = decode(body, o.convention == Convention::Left);
        let want: Vec<Ply> = g.moves.iter().map(|n| n.mv.clone()).collect();
        assert_eq!(main, want, "game {i}");
        assert_eq!(vars, count_vars(&g.moves), "game {i}");
        assert_eq!(body.first() == Some(&230), g.start_fen.is_some());
    }
    if o.tricks.redirect_chains && written.len() > 2 {
        assert!(redirected > 0);
    }
    report
}

#[test]
fn all_fixture_games_written_and_decoded() {
    let games = fixtures();
    // 214 games with an [Event] tag, and two more without tags.
    assert_eq!(games.len(), 216);
    for o in [
        WriterOptions::default(),
        WriterOptions::plain(),
        WriterOptions {
            convention: Convention::Left,
            ..WriterOptions::default()
        },
    ] {
        let r = check_all(&games, &o);
        assert!(r.skipped.is_empty(), "{:?}", r.skipped);
        assert_eq!(r.games, 216);
        if o.tricks.fragment_emb {
            eprintln!("fixture report (tricks on): {r:#?}");
            assert!(r.setups > 0 && r.variations > 0 && r.symbols > 0 && r.text_comments > 0);
            assert!(r.long_comments > 0 && r.two_byte_lengths > 0 && r.junk_bytes > 0);
            assert!(r.game_redirections > 0 && r.name_redirections > 0 && r.promotions > 0);
        }
    }
}
