//! A game's headers as text: its D00 record's ids resolved through the
//! name tables and its codes read as the database's readings say (ECO 0,
//! game types).

use alloc::{string::String, vec::Vec};

use super::{
    Database, ListKind, RawHeader,
    format::d00,
    infer::{EcoZero, GameTypeDetection, Opening},
};
use crate::{bytes::ReadAt, error::Error, game::Headers};

impl<R: ReadAt> Database<R> {
    /// The headers of game `index`, with names resolved.
    pub fn headers(&self, index: u64) -> Result<Headers, Error> {
        Ok(self.game_headers(index, &self.raw_header(index)?))
    }

    /// [`decode_headers`](Self::decode_headers), and no ECO for a stored 0
    /// in a game that cannot be A00 (Q11: its opening is read).
    pub(super) fn game_headers(&self, index: u64, raw: &RawHeader) -> Headers {
        let mut h = self.decode_headers(raw);
        if h.eco.is_some() && self.eco_of(index, raw).is_none() {
            h.eco = None;
        }
        h
    }

    /// Resolves a raw header's ids and codes.
    pub fn decode_headers(&self, raw: &RawHeader) -> Headers {
        let enc = self.text();
        let players = self.list(ListKind::Players);
        let (result, assessment) = d00::decode_outcome(raw.outcome);
        let mut other = Vec::new();
        if raw.outcome == 0 || raw.outcome > 16 {
            other.push((String::from("CAOutcome"), alloc::format!("{}", raw.outcome)));
        }
        // Players.d00 (Q35): the FIDE id, and the list rating where it is
        // not the game's Elo; the annotator's title.
        for (side, id, elo) in [
            ("White", raw.white_id, raw.white_elo),
            ("Black", raw.black_id, raw.black_elo),
        ] {
            if let Some(p) = players.player_data(id) {
                if p.fide_id != 0 {
                    other.push((
                        alloc::format!("{side}FideId"),
                        alloc::format!("{}", p.fide_id),
                    ));
                }
                if p.rating != 0 && p.rating != elo {
                    other.push((
                        alloc::format!("{side}CARating"),
                        alloc::format!("{}", p.rating),
                    ));
                }
            }
        }
        if let Some(t) = players.title(raw.annotator_id, enc) {
            other.push((String::from("AnnotatorTitle"), t));
        }
        Headers {
            event: self.list(ListKind::Events).display_name(raw.event_id, enc),
            site: self.list(ListKind::Places).display_name(raw.site_id, enc),
            date: d00::decode_date(raw.date),
            round: d00::decode_round(raw.round2),
            white: players.display_name(raw.white_id, enc),
            black: players.display_name(raw.black_id, enc),
            result,
            white_elo: (raw.white_elo != 0).then_some(raw.white_elo),
            black_elo: (raw.black_elo != 0).then_some(raw.black_elo),
            white_title: players.title(raw.white_id, enc),
            black_title: players.title(raw.black_id, enc),
            eco: d00::decode_eco(self.eco_code(raw.eco)),
            annotator: players.display_name(raw.annotator_id, enc),
            source: self
                .list(ListKind::Sources)
                .display_name(raw.source_id, enc),
            game_type: d00::decode_game_type(self.game_type_code(raw.game_type)),
            assessment,
            other,
        }
    }

    /// A stored ECO as the database reads it (Q11): a 0 read as "none"
    /// becomes [`d00::ECO_UNKNOWN`]. Per game, [`eco_of`](Self::eco_of)
    /// also reads the opening; lists, sorting and search over every game
    /// take this database-wide reading.
    pub fn eco_code(&self, stored: u16) -> u16 {
        self.readings.eco_code(stored)
    }

    /// How game `index` starts: read from its first codes, not replayed
    /// (the first move is made from the standard position, where every
    /// piece number stands on its home square), so no other copy of the
    /// replayer is built for it. A record that cannot be read, or whose
    /// first move is not a plain piece move, has no first move here.
    pub fn opening(&self, index: u64) -> Opening {
        Opening::of_game(&self.reader(), index, self.convention())
    }

    /// The ECO of a game: `None` for a stored 0 read as "none", or for a
    /// game that cannot be A00 (its opening is read for a stored 0 only).
    pub fn eco_of(&self, index: u64, raw: &RawHeader) -> Option<u16> {
        match raw.eco {
            0 if self.readings.eco_zero.reading == EcoZero::None => None,
            0 if self.opening(index).rules_out_a00() => None,
            v => (v < 500).then_some(v),
        }
    }

    /// A stored game type as the database reads it (Q9): under
    /// [`GameTypes::BitSet`](super::GameTypes::BitSet) a value of 30 or
    /// below is marked so that it decodes as a bit set too.
    pub fn game_type_code(&self, stored: u32) -> u32 {
        self.readings.game_type_code(stored)
    }

    /// What the game-type field was read as, and the sampled values.
    pub fn game_types(&self) -> GameTypeDetection {
        self.readings.game_types
    }
}
