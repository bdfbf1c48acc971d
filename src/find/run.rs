//! The options a condition on positions shares (`for N`, `plies A-B`):
//! on which plies it counts, and for how many in a row it must hold.

use crate::error::Error;

use super::lex::{Lexer, number};

/// When a condition that holds on a ply counts: on plies `from..=to`, and
/// only once it has held on `at_least` consecutive such plies (the hit is
/// the ply where the run reaches that length).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    pub at_least: u32,
    pub from: u32,
    pub to: Option<u32>,
}

impl Default for Run {
    fn default() -> Run {
        Run {
            at_least: 1,
            from: 0,
            to: None,
        }
    }
}

impl Run {
    /// Reads `for N` or `plies A-B` / `plies A-` if the next word is one;
    /// `Ok(false)` when it is neither.
    pub(crate) fn option(&mut self, lex: &mut Lexer) -> Result<bool, Error> {
        let field = lex.field;
        if lex.eat("for") {
            let t = lex.expect("a number of plies after `for`")?;
            self.at_least = number(t.text)
                .filter(|&n| n > 0)
                .ok_or_else(|| t.error(field, "a number of plies, 1 or more"))?;
            return Ok(true);
        }
        if lex.eat("plies") {
            let t = lex.expect("a range of plies after `plies` (20-60, or 20-)")?;
            let expected = "a range of plies (20-60, or 20-)";
            let (a, b) = t
                .text
                .split_once('-')
                .ok_or_else(|| t.error(field, expected))?;
            self.from = number(a).ok_or_else(|| t.error(field, expected))?;
            self.to = match b {
                "" => None,
                b => Some(number(b).ok_or_else(|| t.error_from(field, a.len() + 1, expected))?),
            };
            if self.to.is_some_and(|to| to < self.from) {
                return Err(t.error(field, "a range whose low end is not above its high end"));
            }
            return Ok(true);
        }
        Ok(false)
    }

    /// The length of the run after a ply on which the condition `holds`
    /// (or not), given the run's length before it.
    #[inline]
    pub fn step(&self, run: u32, ply: u32, holds: bool) -> u32 {
        if holds && ply >= self.from && self.to.is_none_or(|to| ply <= to) {
            run.saturating_add(1)
        } else {
            0
        }
    }

    /// Whether a run of `run` plies counts.
    #[inline]
    pub fn counts(&self, run: u32) -> bool {
        run >= self.at_least
    }

    /// Whether no ply from `ply` on can count.
    #[inline]
    pub fn over(&self, ply: u32) -> bool {
        self.to.is_some_and(|to| ply > to)
    }
}
