//! pgn-reader, the published anchor, on the same games as PGN text: reading
//! with every move validated by shakmaty (main line, as pgn-reader's own
//! `validate` example; or variations too, with a position stack, as cadb
//! replays them), and reading without validation. Shared by `cadb bench` and
//! `cargo bench` (benches/decode.rs includes this file).

use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

/// How pgn-reader reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PgnPass {
    /// Tokens only: no move is checked.
    NoValidation,
    /// Every main-line move played with shakmaty (variations skipped).
    ValidateMainLine,
    /// Every move, variations included.
    ValidateAll,
}

impl PgnPass {
    pub const ALL: [PgnPass; 3] = [
        PgnPass::NoValidation,
        PgnPass::ValidateMainLine,
        PgnPass::ValidateAll,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PgnPass::NoValidation => "pgn-reader, no validation",
            PgnPass::ValidateMainLine => "pgn-reader, validating main line",
            PgnPass::ValidateAll => "pgn-reader, validating all",
        }
    }
}

/// Games, plies and games with an illegal move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PgnTotals {
    pub games: u64,
    pub plies: u64,
    pub errors: u64,
}

struct Validator {
    pass: PgnPass,
    totals: PgnTotals,
}

/// The position, the one before the last move, and a stack of both for each
/// open variation.
pub struct Moves {
    pos: Chess,
    before: Vec<(Chess, Option<Chess>)>,
    last_before: Option<Chess>,
    broken: bool,
}

impl Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Moves;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
        self.totals.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        if self.pass != PgnPass::NoValidation && name == b"FEN" {
            let pos = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Chess960).ok());
            match pos {
                Some(p) => *tags = Some(p),
                None => self.totals.errors += 1,
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<(), Moves> {
        ControlFlow::Continue(Moves {
            pos: tags.unwrap_or_default(),
            before: Vec::new(),
            last_before: None,
            broken: false,
        })
    }

    fn san(&mut self, m: &mut Moves, san: SanPlus) -> ControlFlow<()> {
        self.totals.plies += 1;
        if self.pass == PgnPass::NoValidation || m.broken {
            return ControlFlow::Continue(());
        }
        match san.san.to_move(&m.pos) {
            Ok(mv) => {
                if self.pass == PgnPass::ValidateAll {
                    m.last_before = Some(m.pos.clone());
                }
                m.pos.play_unchecked(mv);
            }
            Err(_) => {
                m.broken = true;
                self.totals.errors += 1;
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, m: &mut Moves) -> ControlFlow<(), Skip> {
        if self.pass != PgnPass::ValidateAll {
            return ControlFlow::Continue(Skip(true));
        }
        // A variation replaces the last move: continue from the position before it.
        let before = m.last_before.clone().unwrap_or_else(|| m.pos.clone());
        let pos = std::mem::replace(&mut m.pos, before);
        m.before.push((pos, m.last_before.take()));
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, m: &mut Moves) -> ControlFlow<()> {
        if let Some((pos, last)) = m.before.pop() {
            m.pos = pos;
            m.last_before = last;
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: Moves) {}
}

/// Reads every game of `pgn`.
pub fn read_all(pgn: &[u8], pass: PgnPass) -> PgnTotals {
    let mut v = Validator {
        pass,
        totals: PgnTotals::default(),
    };
    let mut reader = Reader::new(std::io::Cursor::new(pgn));
    while let Ok(Some(())) = reader.read_game(&mut v) {}
    v.totals
}
