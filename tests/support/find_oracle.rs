//! An oracle for the searches inside games (`cadb::find`), written apart
//! from it: each condition is its own small struct that writes its
//! expression's text and judges a game the plainest way, on the positions
//! shakmaty gives by replaying the main line. Include with
//! `#[path = "support/find_oracle.rs"] mod find_oracle;`.

#![allow(dead_code)]

use cadb::game::{Eval, Game, Node, Ply};
use shakmaty::{Bitboard, Board, Chess, Color, File, Move, Piece, Position, Rank, Role, Square};

/// The main line: its positions (ply 0 first) and the move to each next one.
pub struct Line {
    pub boards: Vec<Board>,
    pub moves: Vec<Option<Move>>,
}

pub fn main_line(game: &Game) -> Line {
    let mut pos: Chess = game.start_position().unwrap();
    let mut line = Line {
        boards: vec![pos.board().clone()],
        moves: vec![],
    };
    for node in &game.moves {
        match node.mv {
            Ply::Move(m) => {
                pos.play_unchecked(m);
                line.moves.push(Some(m));
            }
            Ply::Null => {
                pos = pos.swap_turn().unwrap();
                line.moves.push(None);
            }
        }
        line.boards.push(pos.board().clone());
    }
    line
}

const ROLES: [(Role, char, i32); 5] = [
    (Role::Queen, 'Q', 9),
    (Role::Rook, 'R', 5),
    (Role::Bishop, 'B', 3),
    (Role::Knight, 'N', 3),
    (Role::Pawn, 'P', 1),
];

fn count(b: &Board, c: Color, r: Role) -> i32 {
    (b.by_color(c) & b.by_role(r)).count() as i32
}

/// `for N` and `plies A-B`.
#[derive(Clone, Debug)]
pub struct ORun {
    pub at_least: u32,
    pub from: u32,
    pub to: Option<u32>,
}

impl ORun {
    pub fn text(&self) -> String {
        let mut s = String::new();
        if self.at_least != 1 {
            s += &format!(" for {}", self.at_least);
        }
        if self.from > 0 || self.to.is_some() {
            s += &format!(
                " plies {}-{}",
                self.from,
                self.to.map(|t| t.to_string()).unwrap_or_default()
            );
        }
        s
    }

    /// Which plies count, given which hold.
    pub fn on(&self, holds: &[bool]) -> Vec<bool> {
        let mut run = 0;
        holds
            .iter()
            .enumerate()
            .map(|(ply, &h)| {
                let inside = ply as u32 >= self.from && self.to.is_none_or(|t| ply as u32 <= t);
                run = if h && inside { run + 1 } else { 0 };
                run >= self.at_least
            })
            .collect()
    }
}

/// A role's count on one side: None = not named; Some((min, max or None = no bound)).
pub type OCount = Option<(u8, Option<u8>)>;

/// A material condition.
#[derive(Clone, Debug)]
pub enum OMaterialKind {
    /// Per side, per role of ROLES: None = not named; Some((min, max or None = no bound)).
    Sides([[OCount; 5]; 2]),
    /// (role index of ROLES or None = points, op -1 <=, 0 =, 1 >=, value).
    Diffs(Vec<(Option<usize>, i8, i32)>),
}

#[derive(Clone, Debug)]
pub struct OMaterial {
    pub kind: OMaterialKind,
    pub either: bool,
    pub run: ORun,
}

impl OMaterial {
    pub fn text(&self) -> String {
        let mut s = match &self.kind {
            OMaterialKind::Sides(sides) => {
                let side = |t: &[OCount; 5]| {
                    let mut out = String::new();
                    for (k, c) in t.iter().enumerate() {
                        let letter = ROLES[k].1;
                        match c {
                            None => {}
                            Some((1, Some(1))) => out.push(letter),
                            Some((a, Some(b))) if a == b => out += &format!("{letter}{a}"),
                            Some((a, Some(b))) => out += &format!("{letter}{a}-{b}"),
                            Some((a, None)) => out += &format!("{letter}{a}+"),
                        }
                    }
                    if out.is_empty() { "*".to_string() } else { out }
                };
                format!("{} vs {}", side(&sides[0]), side(&sides[1]))
            }
            OMaterialKind::Diffs(d) => {
                let mut s = "diff".to_string();
                for (r, op, v) in d {
                    let what = r.map_or("points".to_string(), |r| ROLES[r].1.to_string());
                    let op = ["<=", "=", ">="][(op + 1) as usize];
                    s += &format!(" {what}{op}{v}");
                }
                s
            }
        };
        if self.either {
            s += " either";
        }
        s + &self.run.text()
    }

    fn holds_as(&self, b: &Board, w: Color) -> bool {
        match &self.kind {
            OMaterialKind::Sides(sides) => {
                // "*" (nothing named) is any material.
                [w, !w].iter().zip(sides).all(|(&c, side)| {
                    side.iter().all(|x| x.is_none())
                        || side.iter().enumerate().all(|(k, want)| {
                            let n = count(b, c, ROLES[k].0);
                            match want {
                                None if ROLES[k].0 == Role::Pawn => true,
                                None => n == 0,
                                Some((a, top)) => {
                                    n >= i32::from(*a) && top.is_none_or(|t| n <= i32::from(t))
                                }
                            }
                        })
                })
            }
            OMaterialKind::Diffs(d) => d.iter().all(|&(r, op, v)| {
                let of = |c: Color| match r {
                    Some(k) => count(b, c, ROLES[k].0),
                    None => ROLES
                        .iter()
                        .map(|&(role, _, p)| p * count(b, c, role))
                        .sum(),
                };
                let x = of(w) - of(!w);
                match op {
                    -1 => x <= v,
                    0 => x == v,
                    _ => x >= v,
                }
            }),
        }
    }

    pub fn on(&self, line: &Line) -> Vec<bool> {
        let holds: Vec<bool> = line
            .boards
            .iter()
            .map(|b| {
                self.holds_as(b, Color::White) || (self.either && self.holds_as(b, Color::Black))
            })
            .collect();
        self.run.on(&holds)
    }
}

/// A pattern of terms.
#[derive(Clone, Debug)]
pub struct OPattern {
    /// (piece, square or whole file, forbidden)
    pub terms: Vec<(Piece, Result<Square, File>, bool)>,
    pub either: bool,
    pub mirror: bool,
    pub run: ORun,
}

impl OPattern {
    pub fn text(&self) -> String {
        let mut s: Vec<String> = self
            .terms
            .iter()
            .map(|(p, at, forbid)| {
                let at = match at {
                    Ok(sq) => sq.to_string(),
                    Err(f) => f.char().to_string(),
                };
                format!("{}{}{}", if *forbid { "!" } else { "" }, p.char(), at)
            })
            .collect();
        if self.either {
            s.push("either".into());
        }
        if self.mirror {
            s.push("mirror".into());
        }
        s.join(" ") + &self.run.text()
    }

    /// Whether a required and a forbidden term of one piece share a square.
    pub fn clashes(&self) -> bool {
        let squares = |at: &Result<Square, File>| match at {
            Ok(sq) => Bitboard::from_square(*sq),
            Err(f) => Bitboard::from_file(*f),
        };
        self.terms.iter().any(|a| {
            !a.2 && self
                .terms
                .iter()
                .any(|b| b.2 && b.0 == a.0 && (squares(&a.1) & squares(&b.1)).any())
        })
    }

    fn holds_on(&self, b: &Board) -> bool {
        self.terms.iter().all(|(p, at, forbid)| {
            let here = match at {
                Ok(sq) => b.piece_at(*sq) == Some(*p),
                Err(f) => Rank::ALL
                    .iter()
                    .any(|&r| b.piece_at(Square::from_coords(*f, r)) == Some(*p)),
            };
            here != *forbid
        })
    }

    pub fn on(&self, line: &Line) -> Vec<bool> {
        let holds: Vec<bool> = line
            .boards
            .iter()
            .map(|b| {
                // The pattern turned is the board turned the other way.
                let mut boards = vec![b.clone()];
                if self.either {
                    let mut m = b.clone();
                    m.flip_vertical();
                    m.swap_colors();
                    boards.push(m);
                }
                if self.mirror {
                    for k in 0..boards.len() {
                        let mut m = boards[k].clone();
                        m.flip_horizontal();
                        boards.push(m);
                    }
                }
                boards.iter().any(|b| self.holds_on(b))
            })
            .collect();
        self.run.on(&holds)
    }
}

/// A maneuver.
#[derive(Clone, Debug)]
pub struct OManeuver {
    pub piece: Piece,
    pub route: Vec<Square>,
}

impl OManeuver {
    pub fn text(&self) -> String {
        let squares: Vec<String> = self.route.iter().map(|s| s.to_string()).collect();
        format!("{}{}", self.piece.char(), squares.join("-"))
    }

    /// The plies where a piece completes the route.
    pub fn on(&self, line: &Line) -> Vec<bool> {
        let mut on = vec![false; line.boards.len()];
        for start in 0..line.boards.len() {
            if line.boards[start].piece_at(self.route[0]) != Some(self.piece) {
                continue;
            }
            let (mut sq, mut next) = (self.route[0], 1);
            for k in start..line.moves.len() {
                let Some(m) = line.moves[k] else { continue };
                let mut steps = vec![];
                match m {
                    Move::Castle { king, rook } => {
                        let short = rook.file() > king.file();
                        let r = king.rank();
                        let (kf, rf) = if short {
                            (File::G, File::F)
                        } else {
                            (File::C, File::D)
                        };
                        steps.push((king, Square::from_coords(kf, r)));
                        steps.push((rook, Square::from_coords(rf, r)));
                    }
                    _ => steps.push((m.from().unwrap(), m.to())),
                }
                if let Some(&(_, to)) = steps.iter().find(|(from, _)| *from == sq) {
                    if to != self.route[next] {
                        break;
                    }
                    next += 1;
                    sq = to;
                    if next == self.route.len() {
                        on[k + 1] = true;
                        break;
                    }
                    continue;
                }
                let taken = match m {
                    Move::EnPassant { from, to } => Square::from_coords(to.file(), from.rank()),
                    _ if m.is_capture() => m.to(),
                    _ => continue,
                };
                if taken == sq {
                    break;
                }
            }
        }
        on
    }
}

/// The conditions on annotations.
#[derive(Clone, Debug, Default)]
pub struct OAnnotations {
    /// Lower-cased needles.
    pub comment: Option<Vec<String>>,
    pub nag: Option<u8>,
    pub has_eval: bool,
    /// Centipawns.
    pub swing: Option<i32>,
}

fn lower(s: &str) -> String {
    s.chars().flat_map(char::to_lowercase).collect()
}

/// Each asked condition's first hit (None: asked, never hit), in reading
/// order: a main-line move's annotations at its ply, a variation's at the
/// ply where it branches, the game's comments at 0 after the moves.
pub fn annotation_hits(game: &Game, a: &OAnnotations) -> Vec<Option<u32>> {
    let mut comment = None;
    let mut nag = None;
    let mut eval = None;
    fn walk(line: &[Node], base: Option<u32>, a: &OAnnotations, hits: &mut [&mut Option<u32>; 3]) {
        for (k, node) in line.iter().enumerate() {
            let ply = base.unwrap_or(k as u32 + 1);
            let all_comments = node.comments_before.iter().chain(&node.comments_after);
            for c in all_comments {
                if let Some(needles) = &a.comment
                    && hits[0].is_none()
                    && needles.iter().all(|n| lower(c).contains(n.as_str()))
                {
                    *hits[0] = Some(ply);
                }
            }
            for &n in node.nags_before.iter().chain(&node.nags) {
                if a.nag == Some(n) && hits[1].is_none() {
                    *hits[1] = Some(ply);
                }
            }
            if !node.evals.is_empty() && hits[2].is_none() {
                *hits[2] = Some(ply);
            }
            for v in &node.variations {
                walk(v, Some(base.unwrap_or(k as u32)), a, hits);
            }
        }
    }
    walk(
        &game.moves,
        None,
        a,
        &mut [&mut comment, &mut nag, &mut eval],
    );
    for c in &game.comments {
        if let Some(needles) = &a.comment
            && comment.is_none()
            && needles.iter().all(|n| lower(c).contains(n.as_str()))
        {
            comment = Some(0);
        }
    }
    let mut swing = None;
    if let Some(s) = a.swing {
        let mut last: Option<(u32, i32)> = None;
        for (k, node) in game.moves.iter().enumerate() {
            for e in &node.evals {
                if let Eval::Engine { centipawns, .. } = e {
                    let ply = k as u32 + 1;
                    let cp = i32::from(*centipawns);
                    if swing.is_none()
                        && let Some((p, before)) = last
                        && p + 1 == ply
                        && (cp - before).abs() >= s
                    {
                        swing = Some(ply);
                    }
                    last = Some((ply, cp));
                }
            }
        }
    }
    let mut out = vec![];
    if a.comment.is_some() {
        out.push(comment);
    }
    if a.nag.is_some() {
        out.push(nag);
    }
    if a.has_eval {
        out.push(eval);
    }
    if a.swing.is_some() {
        out.push(swing);
    }
    out
}

/// The hit of a game: the first ply where every position condition is on
/// together, and the latest of every first hit.
pub fn hit(
    game: &Game,
    material: Option<&OMaterial>,
    pattern: Option<&OPattern>,
    maneuver: Option<&OManeuver>,
    a: &OAnnotations,
) -> Option<u32> {
    let line = main_line(game);
    let mut firsts = annotation_hits(game, a);
    if material.is_some() || pattern.is_some() || maneuver.is_some() {
        let n = line.boards.len();
        let mut on = vec![true; n];
        let mut and = |v: Vec<bool>| on.iter_mut().zip(v).for_each(|(a, b)| *a &= b);
        if let Some(m) = material {
            and(m.on(&line));
        }
        if let Some(p) = pattern {
            and(p.on(&line));
        }
        if let Some(m) = maneuver {
            and(m.on(&line));
        }
        firsts.push(on.iter().position(|&x| x).map(|p| p as u32));
    }
    firsts
        .into_iter()
        .try_fold(0, |acc, f| f.map(|f| acc.max(f)))
}
