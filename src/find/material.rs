//! `material`: the pieces on the board, side against side (`RB vs RN`) or
//! as differences (`diff Q=1 R=-2`); see docs/search.md.
//!
//! A game can no longer reach a side's material once it lacks the pawns
//! for it. A knight, bishop, rook or queen appears only by promoting a
//! pawn, each promotion removes that pawn, and pawns are never added; so
//! from a position with `have` men of a side, a position with at least
//! `want` of each (`want` pawns included) is reachable only if
//! `have[P] ≥ want[P]` and `Σ max(0, want[r] − have[r]) ≤ have[P] − want[P]`
//! over the other roles — the rule of [`crate::reach`], applied to the
//! condition's least counts. Upper bounds never rule a game out (captures
//! lower any count), nor does a `diff` (both sides may change).
//!
//! ```
//! use cadb::find::Material;
//! use shakmaty::Board;
//! let m = Material::parse("RB vs RN").unwrap();
//! assert!(!m.holds(&Board::new()));
//! assert!(m.reachable_from(&Board::new()));
//! assert!(Material::parse("Q10 vs *").is_err()); // impossible: an error, not a scan
//! ```

use alloc::vec::Vec;

use shakmaty::{Board, Color};

use super::{
    lex::{Lexer, Token, digits, number},
    run::Run,
};
use crate::error::Error;

const FIELD: &str = "material";

/// Roles in the order of [`crate::reach::Summary`]: P N B R Q.
const LETTERS: [u8; 5] = *b"PNBRQ";
/// Points of each role, in that order.
const POINTS: [i32; 5] = [1, 3, 3, 5, 9];
/// Each role's count at the start, and the most of each a side may have.
const START: [u8; 5] = [8, 2, 2, 2, 1];
const MOST: [u8; 5] = [8, 10, 10, 10, 9];

/// A count a side must have: `min..=max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    pub min: u8,
    pub max: u8,
}

const ANY: Range = Range {
    min: 0,
    max: u8::MAX,
};
const NONE: Range = Range { min: 0, max: 0 };

/// What one side must have, per role (P N B R Q).
pub type Side = [Range; 5];

/// A difference, White's count (or points) minus Black's, compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diff {
    /// A role (P N B R Q as 0..5), or `None` for points.
    pub role: Option<u8>,
    /// -1 `<=`, 0 `=`, 1 `>=`.
    pub op: i8,
    pub value: i32,
}

/// What the material must be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    /// White's and Black's.
    Sides([Side; 2]),
    /// Every difference holds.
    Diffs(Vec<Diff>),
}

/// A `material` expression, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Material {
    pub condition: Condition,
    /// Also with the colours swapped.
    pub either: bool,
    pub run: Run,
}

/// Each side's count of each role (P N B R Q), White first.
#[inline]
pub(crate) fn counts(board: &Board) -> [[u8; 5]; 2] {
    let side = |c: Color| {
        let m = board.material_side(c);
        [m.pawn, m.knight, m.bishop, m.rook, m.queen]
    };
    [side(Color::White), side(Color::Black)]
}

fn role(c: u8) -> Option<usize> {
    LETTERS.iter().position(|&l| l == c.to_ascii_uppercase())
}

impl Material {
    /// Parses an expression (the syntax: docs/search.md).
    pub fn parse(text: &str) -> Result<Material, Error> {
        let mut lex = Lexer::new(FIELD, text)?;
        let condition = if lex.eat("diff") {
            let mut diffs = Vec::new();
            while let Some(t) = lex.peek() {
                if is_option(t.text) {
                    break;
                }
                lex.next_token();
                diffs.push(diff(t)?);
            }
            if diffs.is_empty() {
                return Err(lex.unexpected("a difference (Q=1, R>=-2, points>=3)"));
            }
            Condition::Diffs(diffs)
        } else {
            let white = side(&mut lex, true)?;
            let black = side(&mut lex, false)?;
            Condition::Sides([white, black])
        };
        let mut m = Material {
            condition,
            either: false,
            run: Run::default(),
        };
        while lex.peek().is_some() {
            if lex.eat("either") {
                m.either = true;
            } else if !m.run.option(&mut lex)? {
                return Err(lex.unexpected("an option (for N, plies A-B, either)"));
            }
        }
        Ok(m)
    }

    /// Whether `board`'s material is the condition's (in either colour
    /// when asked).
    #[inline]
    pub fn holds(&self, board: &Board) -> bool {
        let [w, b] = counts(board);
        self.holds_counts(&w, &b) || (self.either && self.holds_counts(&b, &w))
    }

    fn holds_counts(&self, w: &[u8; 5], b: &[u8; 5]) -> bool {
        match &self.condition {
            Condition::Sides([sw, sb]) => fits(sw, w) && fits(sb, b),
            Condition::Diffs(diffs) => diffs.iter().all(|d| {
                let of = |c: &[u8; 5]| match d.role {
                    Some(r) => i32::from(c[r as usize]),
                    None => c.iter().zip(POINTS).map(|(&n, p)| i32::from(n) * p).sum(),
                };
                let x = of(w) - of(b);
                match d.op {
                    -1 => x <= d.value,
                    0 => x == d.value,
                    _ => x >= d.value,
                }
            }),
        }
    }

    /// Whether a game at `board` may still reach the condition (see the
    /// module docs of `material.rs`, a proof); `false` is certain.
    #[inline]
    pub fn reachable_from(&self, board: &Board) -> bool {
        let Condition::Sides([sw, sb]) = &self.condition else {
            return true;
        };
        let [w, b] = counts(board);
        let can = |s: &Side, have: &[u8; 5]| {
            let Some(spare) = have[0].checked_sub(s[0].min) else {
                return false;
            };
            let needed: u32 = (1..5)
                .map(|r| u32::from(s[r].min.saturating_sub(have[r])))
                .sum();
            needed <= u32::from(spare)
        };
        (can(sw, &w) && can(sb, &b)) || (self.either && can(sw, &b) && can(sb, &w))
    }
}

fn fits(side: &Side, have: &[u8; 5]) -> bool {
    side.iter()
        .zip(have)
        .all(|(r, &n)| r.min <= n && n <= r.max)
}

fn is_option(word: &str) -> bool {
    ["either", "for", "plies"]
        .iter()
        .any(|o| word.eq_ignore_ascii_case(o))
}

/// One side: `*`, or terms up to `vs` (the first side) or an option (the second).
fn side(lex: &mut Lexer, first: bool) -> Result<Side, Error> {
    let what = if first {
        "a piece letter (Q R B N P) or `*`"
    } else {
        "a piece letter (Q R B N P), `*` or an option"
    };
    let mut side: [Option<Range>; 5] = [None; 5];
    let mut any = false;
    let mut terms = 0;
    let start = lex.peek();
    while let Some(t) = lex.peek() {
        if first && t.text.eq_ignore_ascii_case("vs") {
            break;
        }
        if !first && is_option(t.text) {
            break;
        }
        lex.next_token();
        if t.text == "*" {
            if any || terms > 0 {
                return Err(t.error(FIELD, "pieces or `*`, not both"));
            }
            any = true;
            continue;
        }
        if any {
            return Err(t.error(FIELD, if first { "`vs` after `*`" } else { "an option" }));
        }
        terms += word(t, &mut side)?;
    }
    if !any && terms == 0 {
        return Err(lex.unexpected(what));
    }
    if first && !lex.eat("vs") {
        return Err(lex.unexpected("a piece letter (Q R B N P), `vs` or an option"));
    }
    if any {
        return Ok([ANY; 5]);
    }
    let side: Side = core::array::from_fn(|r| side[r].unwrap_or(if r == 0 { ANY } else { NONE }));
    if let Some(start) = start {
        possible(start, &side)?;
    }
    Ok(side)
}

/// The terms of one word (`RBP3`, `N1-2`, `P2+`), added into `side`.
fn word(t: Token, side: &mut [Option<Range>; 5]) -> Result<u32, Error> {
    let s = t.text;
    let bytes = s.as_bytes();
    let mut k = 0;
    let mut terms = 0;
    while k < bytes.len() {
        let r = role(bytes[k]).ok_or_else(|| {
            t.error_from(FIELD, k, "a piece letter (Q R B N P), `vs` or an option")
        })?;
        k += 1;
        let count = |k: &mut usize| -> Result<Option<u32>, Error> {
            let n = digits(&s[*k..]);
            let v = (n > 0)
                .then(|| number(&s[*k..*k + n]))
                .flatten()
                .map(Some)
                .ok_or_else(|| t.error_from(FIELD, *k, "a count"));
            *k += n;
            if n == 0 { Ok(None) } else { v }
        };
        let range = match count(&mut k)? {
            // `N+`: one or more.
            None if bytes.get(k) == Some(&b'+') => {
                k += 1;
                Range {
                    min: 1,
                    max: u8::MAX,
                }
            }
            None => Range { min: 1, max: 1 },
            Some(n) => {
                let n = n.min(64) as u8;
                match bytes.get(k) {
                    Some(b'+') => {
                        k += 1;
                        Range {
                            min: n,
                            max: u8::MAX,
                        }
                    }
                    Some(b'-') => {
                        k += 1;
                        let from = k;
                        let m = count(&mut k)?
                            .ok_or_else(|| t.error_from(FIELD, from, "the high end of a range"))?;
                        let m = m.min(64) as u8;
                        if m < n {
                            return Err(
                                t.error(FIELD, "a range whose low end is not above its high end")
                            );
                        }
                        Range { min: n, max: m }
                    }
                    _ => Range { min: n, max: n },
                }
            }
        };
        side[r] = Some(match side[r] {
            None => range,
            Some(old) => Range {
                min: old.min.saturating_add(range.min),
                max: old.max.saturating_add(range.max),
            },
        });
        terms += 1;
    }
    Ok(terms)
}

/// An error (at the side's first word) when no position of chess has a
/// side's least counts: more men of a role than can be, or more
/// promotions than pawns left.
fn possible(start: Token, side: &Side) -> Result<(), Error> {
    let bad = |what: &str| Err(start.error(FIELD, what));
    for r in 0..5 {
        if side[r].min > MOST[r] {
            return bad("a possible material (at most 8 pawns, 9 queens, 10 of another piece)");
        }
    }
    let promotions: u32 = (1..5)
        .map(|r| u32::from(side[r].min.saturating_sub(START[r])))
        .sum();
    if promotions > u32::from(8 - side[0].min) {
        return bad("a possible material (more promotions than pawns left)");
    }
    Ok(())
}

/// One difference: `Q=1`, `R>=-2`, `points<=3`.
fn diff(t: Token) -> Result<Diff, Error> {
    let s = t.text;
    let expected = "a difference: a piece letter (Q R B N P) or `points`, then =, >= or <=";
    let (role, rest) = if s.get(..6).is_some_and(|p| p.eq_ignore_ascii_case("points")) {
        (None, 6)
    } else {
        let r = s
            .bytes()
            .next()
            .and_then(role)
            .ok_or_else(|| t.error(FIELD, expected))?;
        (Some(r as u8), 1)
    };
    let tail = &s[rest..];
    let (op, n) = if tail.starts_with(">=") {
        (1, 2)
    } else if tail.starts_with("<=") {
        (-1, 2)
    } else if tail.starts_with('=') {
        (0, 1)
    } else {
        return Err(t.error_from(FIELD, rest, "=, >= or <="));
    };
    let at = rest + n;
    let num = &s[at..];
    let (neg, digits_at) = match num.strip_prefix(['-', '+']) {
        Some(d) => (num.starts_with('-'), d),
        None => (false, num),
    };
    let v = number(digits_at).ok_or_else(|| t.error_from(FIELD, at, "a whole number (-2, 3)"))?;
    let v = v.min(1000) as i32;
    Ok(Diff {
        role,
        op,
        value: if neg { -v } else { v },
    })
}
