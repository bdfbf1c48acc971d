//! Move orderings: which list a move's ordinal is an index into.
//!
//! Every ordering is a deterministic total order on the legal moves of a
//! position, so encoder and decoder agree. [`Ordering::Best`] may also look
//! at the previous move of the sequence (a recapture is likely); the others
//! depend on the position alone.
//!
//! ```
//! use cadb::ordinal::Ordering;
//! use shakmaty::Chess;
//! let moves = Ordering::San.moves(&Chess::default(), None);
//! assert_eq!(moves.len(), 20);
//! ```

use alloc::vec::Vec;
use shakmaty::{
    Bitboard, Board, CastlingSide, Chess, Color, Move, MoveList, Position, Role, Square, attacks,
    san::San,
};

/// How the legal moves of a position are ordered.
///
/// ```
/// use cadb::ordinal::Ordering;
/// assert_eq!("seed".parse::<Ordering>(), Ok(Ordering::Seed));
/// assert_eq!(Ordering::Best.name(), "best");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Ordering {
    /// PGC (PGN standard §20): sorted by SAN string in ASCII byte order,
    /// without check suffixes (they never change the order: SANs of
    /// distinct moves differ before any suffix, and `+`/`#` sort below letters).
    #[default]
    San,
    /// Mallett's proposed heuristic (mgc.md §4), completed into a total order.
    /// A move takes the first category it matches: 0 promotions, 1 castling,
    /// 2 captures of queens, 3 of rooks, 4 of bishops and knights, 5 of pawns
    /// (en passant included), 6 moves towards the opponent (the to-square's
    /// rank is strictly further forward for the mover than the from-square's;
    /// any piece), 7 the rest. Ties break by promotion piece (Q, N, R, B),
    /// then from-square, then to-square (a1 = 0 … h8 = 63; castling's
    /// to-square is the king's destination, so O-O-O, to c1, comes before O-O).
    Seed,
    /// This crate's ordering for small MGC ordinals: moves are scored by how
    /// likely they are to be played, highest first; ties break as in
    /// [`Ordering::Seed`]. See [`best_score`] for the rules.
    Best,
}

impl Ordering {
    /// All orderings.
    ///
    /// ```
    /// assert_eq!(cadb::ordinal::Ordering::ALL.len(), 3);
    /// ```
    pub const ALL: [Ordering; 3] = [Ordering::San, Ordering::Seed, Ordering::Best];

    /// Lowercase name, as on the command line.
    ///
    /// ```
    /// assert_eq!(cadb::ordinal::Ordering::San.name(), "san");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Ordering::San => "san",
            Ordering::Seed => "seed",
            Ordering::Best => "best",
        }
    }

    /// The legal moves of `pos` in this order. `last` is the move that led
    /// to `pos` in the sequence being coded (`None` at its start); only
    /// [`Ordering::Best`] uses it.
    ///
    /// ```
    /// use cadb::ordinal::Ordering;
    /// use shakmaty::{Chess, san::San};
    /// let pos = Chess::default();
    /// let first = Ordering::San.moves(&pos, None)[0];
    /// assert_eq!(San::from_move(&pos, first).to_string(), "Na3");
    /// ```
    pub fn moves(self, pos: &Chess, last: Option<&Move>) -> MoveList {
        let mut moves = pos.legal_moves();
        // Each move's key computed once, every ordering's as a `u64`: one
        // sort instance (a key function inlined into the sort was 24 KB of
        // wasm, and each instance is kilobytes).
        let ctx = (self == Ordering::Best).then(|| Context::new(pos, last));
        let mut keyed: Vec<(u64, Move)> = moves
            .iter()
            .map(|&m| {
                let key = match (self, &ctx) {
                    // SAN without its suffix is at most 6 bytes ("exd8=Q",
                    // "Qa1xb2"): big-endian, zero-padded, its number sorts
                    // as its bytes do, a prefix first.
                    (Ordering::San, _) => {
                        let mut s = [0u8; 8];
                        let mut san = Vec::with_capacity(8);
                        San::disambiguate(m, &moves).append_ascii_to(&mut san);
                        let n = san.len().min(8);
                        s[..n].copy_from_slice(&san[..n]);
                        u64::from_be_bytes(s)
                    }
                    (_, ctx) => {
                        let primary = match ctx {
                            Some(ctx) => -ctx.score(pos, &m),
                            None => i32::from(seed_category(pos, &m)),
                        };
                        // Offset so the signed score sorts as unsigned.
                        let (p, f, t) = tie(&m);
                        let high = u64::from((primary as u32) ^ 0x8000_0000);
                        high << 24 | u64::from(p) << 16 | u64::from(f) << 8 | u64::from(t)
                    }
                };
                (key, m)
            })
            .collect();
        keyed.sort_unstable_by_key(|k| k.0);
        moves.clear();
        moves.extend(keyed.into_iter().map(|(_, m)| m));
        moves
    }

    /// The ordinal of `m` in `pos`, or `None` if it is not legal there.
    ///
    /// ```
    /// use cadb::ordinal::Ordering;
    /// use shakmaty::{Chess, uci::UciMove};
    /// let pos = Chess::default();
    /// let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
    /// assert_eq!(Ordering::San.ordinal(&pos, None, &e4), Some(13));
    /// ```
    pub fn ordinal(self, pos: &Chess, last: Option<&Move>, m: &Move) -> Option<usize> {
        self.moves(pos, last).iter().position(|x| x == m)
    }
}

impl core::str::FromStr for Ordering {
    type Err = crate::Error;

    /// Its [`name`](Ordering::name); anything else is a parameter error.
    fn from_str(s: &str) -> Result<Ordering, crate::Error> {
        Ordering::ALL
            .into_iter()
            .find(|o| o.name() == s)
            .ok_or_else(|| crate::Error::argument("ordering must be san, seed or best"))
    }
}

/// Promotion piece rank (Q, N, R, B; none first), from-square, to-square
/// (castling: the king's destination).
fn tie(m: &Move) -> (u8, u8, u8) {
    let promo = match m.promotion() {
        None | Some(Role::Queen) => 0,
        Some(Role::Knight) => 1,
        Some(Role::Rook) => 2,
        _ => 3,
    };
    let from = m.from().map_or(0, |s| s as u8);
    (promo, from, king_to(m) as u8)
}

/// Where the moving piece ends (the king's square for castling).
fn king_to(m: &Move) -> Square {
    match *m {
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            Square::from_coords(side.king_to_file(), king.rank())
        }
        _ => m.to(),
    }
}

fn seed_category(pos: &Chess, m: &Move) -> u8 {
    if m.is_promotion() {
        return 0;
    }
    if m.is_castle() {
        return 1;
    }
    match m.capture() {
        Some(Role::Queen) => return 2,
        Some(Role::Rook) => return 3,
        Some(Role::Bishop | Role::Knight) => return 4,
        Some(Role::Pawn) => return 5,
        _ => {}
    }
    let from = m.from().expect("standard chess has no drops");
    let turn = pos.turn();
    if turn.relative_rank(m.to().rank()) > turn.relative_rank(from.rank()) {
        6
    } else {
        7
    }
}

fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 20_000,
    }
}

/// Static exchange on `to`: the material `side`'s opponent ends up winning
/// (from its own view) when it has just put a piece worth `on_square` there
/// after capturing `victim`, with `occ` the occupancy at that moment.
/// Both sides recapture with their least valuable piece and may stop.
fn see(
    board: &Board,
    to: Square,
    mut occ: Bitboard,
    victim: i32,
    on_square: i32,
    side: Color,
) -> i32 {
    let mut gain = [0i32; 34];
    gain[0] = victim;
    let mut on = on_square;
    let mut side = side;
    let mut d = 0;
    loop {
        let attackers = board.attacks_to(to, side, occ) & occ;
        let Some((sq, role)) = Role::ALL
            .iter()
            .find_map(|&r| (attackers & board.by_role(r)).first().map(|s| (s, r)))
        else {
            break;
        };
        d += 1;
        gain[d] = on - gain[d - 1];
        if d + 1 >= gain.len() || core::cmp::max(-gain[d - 1], gain[d]) < 0 {
            break;
        }
        occ.discard(sq);
        on = value(role);
        side = !side;
    }
    while d > 0 {
        gain[d - 1] = -core::cmp::max(-gain[d - 1], gain[d]);
        d -= 1;
    }
    gain[0]
}

/// Per-position facts shared by every move's score.
struct Context {
    us: Color,
    last_to: Option<Square>,
    /// Squares attacked by the opponent's pawns.
    pawn_attacked: Bitboard,
    /// How much the opponent wins by capturing on each square now (0 if nothing).
    en_prise: [i32; 64],
    /// At most 2600 points of pieces (not pawns, kings) left on the board: the king should centralise.
    endgame: bool,
}

impl Context {
    fn new(pos: &Chess, last: Option<&Move>) -> Context {
        let board = pos.board();
        let us = pos.turn();
        let them = !us;
        let mut pawn_attacked = Bitboard::EMPTY;
        for sq in board.by_piece(them.pawn()) {
            pawn_attacked |= attacks::pawn_attacks(them, sq);
        }
        let mut en_prise = [0; 64];
        for sq in board.by_color(us) {
            let role = board.role_at(sq).unwrap_or(Role::Pawn);
            if role == Role::King {
                continue;
            }
            if !(board.attacks_to(sq, them, board.occupied())).is_empty() {
                // What the opponent would win by starting an exchange there.
                en_prise[sq as usize] = see_first(board, sq, board.occupied(), value(role), them);
            }
        }
        let heavy: i32 = Role::ALL[1..5]
            .iter()
            .map(|&r| board.by_role(r).count() as i32 * value(r))
            .sum();
        Context {
            us,
            last_to: last.map(king_to),
            pawn_attacked,
            en_prise,
            endgame: heavy <= 2 * 1300,
        }
    }

    fn score(&self, pos: &Chess, m: &Move) -> i32 {
        best_score_with(self, pos, m)
    }
}

/// The gain for `side` capturing first on `to` (holding a piece worth `victim`).
fn see_first(board: &Board, to: Square, occ: Bitboard, victim: i32, side: Color) -> i32 {
    let attackers = board.attacks_to(to, side, occ) & occ;
    let Some((sq, role)) = Role::ALL
        .iter()
        .find_map(|&r| (attackers & board.by_role(r)).first().map(|s| (s, r)))
    else {
        return 0;
    };
    let mut occ = occ;
    occ.discard(sq);
    see(board, to, occ, victim, value(role), !side).max(0)
}

/// Piece-square value for `us` (higher = usually better placed).
fn placement(role: Role, sq: Square, us: Color, endgame: bool) -> i32 {
    let file = sq.file() as i32;
    let rank = us.relative_rank(sq.rank()) as i32;
    let cf = file.min(7 - file);
    let cr = rank.min(7 - rank);
    let center = cf + cr;
    match role {
        Role::Pawn => 8 * rank + if (3..=4).contains(&file) { 12 } else { 0 },
        Role::Knight => 10 * center - if rank == 0 { 15 } else { 0 },
        Role::Bishop => 5 * center - if rank == 0 { 15 } else { 0 },
        Role::Rook => {
            if rank == 6 {
                20
            } else {
                0
            }
        }
        Role::Queen => 3 * center,
        Role::King => {
            if endgame {
                8 * center
            } else {
                -15 * rank - 5 * center
            }
        }
    }
}

/// The [`Ordering::Best`] score of a legal move `m` in `pos`; `last` is the
/// previous move. Higher scores come first. The rules, in points (pawn = 100):
///
/// * queen promotion +3000; under-promotions −400 (almost never played);
/// * captures: static exchange value `s` (least valuable attacker
///   recaptures, with x-rays). A capture that does not lose material
///   (`s ≥ 0`) scores 1000 + `s` + victim/10 (MVV-LVA flavour); a losing one
///   scores `s`. Recapturing on the square the previous move went to adds 400;
/// * checks +500 (the move is played on a copy of the position);
/// * castling +300;
/// * non-captures: the static exchange on the destination (≤ 0: a piece
///   moved to a square where it can be won scores that loss), −60 extra for
///   a piece moved to a square an enemy pawn attacks;
/// * escaping: a piece that the opponent could win now (by static exchange)
///   and that moves to a square where it cannot be won, + that gain;
/// * placement: difference of a simple piece-square value between the
///   destination and the origin (centralised knights and bishops,
///   development off the back rank, advanced and central pawns, rooks on
///   the seventh, king sheltered in the middlegame and central in the endgame).
///
/// ```
/// use cadb::ordinal::best_score;
/// use shakmaty::{Chess, Position, uci::UciMove};
/// let pos = Chess::default();
/// let mv = |u: &str| u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
/// assert!(best_score(&pos, None, &mv("e2e4")) > best_score(&pos, None, &mv("a2a3")));
/// ```
pub fn best_score(pos: &Chess, last: Option<&Move>, m: &Move) -> i32 {
    best_score_with(&Context::new(pos, last), pos, m)
}

fn best_score_with(ctx: &Context, pos: &Chess, m: &Move) -> i32 {
    let board = pos.board();
    let us = ctx.us;
    let mut score = 0;
    let Some(from) = m.from() else { return 0 };
    let role = m.role();
    let to = king_to(m);

    if let Some(p) = m.promotion() {
        score += if p == Role::Queen { 3000 } else { -400 };
    }
    if m.is_castle() {
        score += 300;
    } else {
        let mut occ = board.occupied();
        occ.discard(from);
        if let Move::EnPassant { .. } = m {
            occ.discard(Square::from_coords(to.file(), from.rank()));
        }
        occ.add(to);
        let victim = m.capture().map_or(0, value);
        let mover = m.promotion().map_or(value(role), value);
        let s = if role == Role::King {
            victim
        } else {
            see(board, to, occ, victim, mover, !us)
        };
        if m.is_capture() {
            if s >= 0 {
                score += 1000 + s + victim / 10;
            } else {
                score += s;
            }
            if ctx.last_to == Some(to) {
                score += 400;
            }
        } else {
            score += s;
            if role != Role::Pawn && role != Role::King && ctx.pawn_attacked.contains(to) {
                score -= 60;
            }
        }
        if s >= 0 {
            score += ctx.en_prise[from as usize];
        }
        score += placement(role, to, us, ctx.endgame) - placement(role, from, us, ctx.endgame);
    }
    let mut after = pos.clone();
    after.play_unchecked(*m);
    if after.is_check() {
        score += 500;
    }
    score
}
