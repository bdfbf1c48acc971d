//! Piece numbers of both sides (§8.2): number → (square, role) and
//! square → number, so a one-byte code finds its piece in constant time.

use shakmaty::{Color, Role, Square};

use crate::ca::format::d02::{FIXED_ROLES, PIECE_NUMBERS, STANDARD_BACK_RANK};

/// No piece / no square.
pub(super) const NONE: u8 = 0xff;
const N: usize = PIECE_NUMBERS as usize;

/// The index of a side in the tables.
pub(super) fn side(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

#[derive(Clone, Debug)]
pub(super) struct Numbers {
    pub square: [[u8; N]; 2],
    pub role: [[Role; N]; 2],
    /// The number of the piece on each square (its colour is the board's).
    pub at: [u8; 64],
}

impl Numbers {
    /// No piece on the board; numbers 0–15 have their fixed types.
    pub fn empty() -> Numbers {
        let mut role = [[Role::Queen; N]; 2];
        for r in &mut role {
            r[..16].copy_from_slice(&FIXED_ROLES);
        }
        Numbers {
            square: [[NONE; N]; 2],
            role,
            at: [NONE; 64],
        }
    }

    /// The standard position's numbering (§8.2).
    pub fn standard() -> Numbers {
        let mut n = Numbers::empty();
        for (file, &back) in (0..8u8).zip(&STANDARD_BACK_RANK) {
            n.put(0, file, 8 + file); // a2..h2
            n.put(0, back, file);
            n.put(1, file, 48 + file); // a7..h7
            n.put(1, back, 56 + file);
        }
        n
    }

    pub fn put(&mut self, s: usize, number: u8, sq: u8) {
        self.square[s][usize::from(number)] = sq;
        self.at[usize::from(sq)] = number;
    }

    pub fn square_of(&self, s: usize, number: u8) -> Option<Square> {
        let sq = *self.square[s].get(usize::from(number))?;
        (sq != NONE).then(|| Square::new(u32::from(sq)))
    }

    /// Whether `number` is free on side `s`.
    pub fn is_free(&self, s: usize, number: u8) -> bool {
        self.square[s][usize::from(number)] == NONE
    }

    /// Moves the piece on `from` to `to`, removing whatever `captured` held.
    pub fn relocate(&mut self, s: usize, from: Square, to: Square, captured: Option<Square>) {
        if let Some(c) = captured {
            let victim = self.at[c as usize];
            if victim != NONE {
                self.square[1 - s][usize::from(victim)] = NONE;
            }
            self.at[c as usize] = NONE;
        }
        let n = self.at[from as usize];
        self.at[from as usize] = NONE;
        if n != NONE {
            self.square[s][usize::from(n)] = to as u8;
            self.at[to as usize] = n;
        }
    }
}
