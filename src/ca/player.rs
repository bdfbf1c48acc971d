//! A player's card: results as White and as Black, by year, by opening and
//! against frequent opponents, with the rating and FIDE id of the players
//! list, all from one pass over D00 (no game is decoded).
//!
//! A player is a name record: the ids the players list redirects to one
//! record are one player ([`NameTable::record_index`]). Two records with the
//! same text are two players, as the database keeps them.
//!
//! ```
//! use cadb::ca::{Database, OpenOptions, writer, player::PlayerCard, search::HeaderIndex};
//! let pgn = "[White \"Anna\"] [Black \"Boris\"] [Result \"1-0\"] [ECO \"B90\"]\n1. e4 1-0\n\n\
//!            [White \"Boris\"] [Black \"Anna\"] [Result \"1/2-1/2\"]\n1. d4 1/2-1/2\n";
//! let games = cadb::game::import::read_pgn(pgn).unwrap();
//! let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
//! let db = Database::open(files, OpenOptions::default()).unwrap();
//! let anna = HeaderIndex::new(&db).player_record("ANNA").unwrap();
//! let card = PlayerCard::of(&db, anna, 10).unwrap();
//! assert_eq!((card.white.wins, card.black.draws), (1, 1));
//! assert_eq!(card.total().points2(), 3); // 1.5 points
//! assert_eq!(card.opponents[0].name, "Boris");
//! assert_eq!(card.games, [0, 1]);
//! ```

use alloc::{string::String, vec, vec::Vec};

use super::{Database, ListKind, NameTable, format::d00::date_year, format::d00::outcome_result};
use crate::{bytes::ReadAt, error::Error, game::headers::GameResult};

/// Games won, drawn, lost and unfinished (`*`), from one player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Games without a result (`*`): in [`Score::games`], not in the points.
    pub unfinished: u32,
}

impl Score {
    /// Every game counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses + self.unfinished
    }

    /// Points doubled (a win 2, a draw 1), so they stay whole.
    ///
    /// ```
    /// let s = cadb::ca::player::Score { wins: 2, draws: 1, losses: 4, unfinished: 1 };
    /// assert_eq!((s.games(), s.points2()), (8, 5));
    /// ```
    pub fn points2(&self) -> u32 {
        2 * self.wins + self.draws
    }

    /// Counts one game of [`result_code`] `r`.
    fn add(&mut self, r: u64) {
        let slot = match r {
            0 => &mut self.wins,
            1 => &mut self.draws,
            2 => &mut self.losses,
            _ => &mut self.unfinished,
        };
        *slot += 1;
    }

    fn plus(mut self, o: Score) -> Score {
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
        self.unfinished += o.unfinished;
        self
    }
}

/// An opponent on a [`PlayerCard`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// The opponent's name record.
    pub record: u32,
    pub name: String,
    /// The card's player's score against them.
    pub score: Score,
}

/// What a player's games say about them. See the [module](self).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerCard {
    /// The player's name record.
    pub record: u32,
    pub name: String,
    pub title: Option<String>,
    pub white: Score,
    pub black: Score,
    /// By year, ascending; year 0 holds the games of unknown date.
    pub by_year: Vec<(u32, Score)>,
    /// The most played ECO codes (0–499 = `A00`–`E99`) as White and as
    /// Black, most games first (ties by code); games without one are not
    /// counted here.
    pub eco_white: Vec<(u16, Score)>,
    pub eco_black: Vec<(u16, Score)>,
    /// The most frequent opponents, most games first (ties by name).
    pub opponents: Vec<Opponent>,
    /// From the players list (`Players.d00`): the first of the player's
    /// ids that has one. `None` when absent or 0.
    pub rating: Option<u16>,
    pub fide_id: Option<u32>,
    /// The player's games, ascending. A game against themselves (the same
    /// record on both sides) counts on both sides, once here.
    pub games: Vec<u32>,
}

impl PlayerCard {
    /// The card of the player whose name record is `record`, with at most
    /// `top` openings per colour and `top` opponents. An unknown record is
    /// an error.
    pub fn of<R: ReadAt>(db: &Database<R>, record: u32, top: usize) -> Result<PlayerCard, Error> {
        let players = db.list(ListKind::Players);
        if record >= players.record_count() {
            return Err(Error::argument("no such player record"));
        }
        let rec = |id: u32| players.record_index(id);
        let mut white = Score::default();
        let mut black = Score::default();
        // Tallies indexed by key, then the top entries picked by scans: no
        // map and no sort of its own in the wasm module (each costs
        // kilobytes there). Opponents by record: 16 bytes a name record.
        let mut years: Vec<(u32, Score)> = Vec::new();
        let mut eco = [[Score::default(); 500]; 2];
        let mut opponents = vec![Score::default(); players.record_count() as usize];
        let mut games = Vec::new();
        db.scan_raw_headers(0, db.count(), |i, h| {
            let result = outcome_result(h.outcome);
            let code = usize::from(db.eco_code(h.eco));
            let sides = [
                (h.white_id, h.black_id, true),
                (h.black_id, h.white_id, false),
            ];
            let mut mine = false;
            for (me, them, as_white) in sides {
                if rec(me) != Some(record) {
                    continue;
                }
                mine = true;
                let r = result_code(result, as_white);
                if as_white { &mut white } else { &mut black }.add(r);
                let year = date_year(h.date);
                let at = match years.binary_search_by_key(&year, |&(y, _)| y) {
                    Ok(at) => at,
                    Err(at) => {
                        years.insert(at, (year, Score::default()));
                        at
                    }
                };
                years[at].1.add(r);
                if let Some(s) = eco[usize::from(!as_white)].get_mut(code) {
                    s.add(r);
                }
                if let Some(s) = rec(them).and_then(|o| opponents.get_mut(o as usize)) {
                    s.add(r);
                }
            }
            if mine {
                games.push(i as u32);
            }
        })?;
        let [eco_white, eco_black] = eco.map(|by_code| {
            most_played(&by_code, top, |a, b| a.cmp(&b))
                .into_iter()
                .map(|(c, s)| (c as u16, s))
                .collect()
        });
        let enc = db.text();
        // Ties by name, then record: a record's number is its place in
        // .d01, which a writer may order any way (issue 32). Only the
        // opponents met are named.
        let names: Vec<String> = opponents
            .iter()
            .enumerate()
            .map(|(r, s)| match s.games() {
                0 => String::new(),
                _ => crate::text::lower(&players.record_name(r as u32, enc).unwrap_or_default()),
            })
            .collect();
        let by_name = |a: u32, b: u32| names[a as usize].cmp(&names[b as usize]).then(a.cmp(&b));
        let opponents = most_played(&opponents, top, by_name)
            .into_iter()
            .map(|(record, score)| Opponent {
                record,
                name: players.record_name(record, enc).unwrap_or_default(),
                score,
            })
            .collect();
        let data = ids_of(players, record).find_map(|id| {
            players
                .player_data(id)
                .filter(|d| d.rating != 0 || d.fide_id != 0)
        });
        let entry = players.record(record);
        Ok(PlayerCard {
            record,
            name: players.record_name(record, enc).unwrap_or_default(),
            title: entry
                .map(|e| enc.decode(e.title))
                .map(|t| String::from(t.trim()))
                .filter(|t| !t.is_empty()),
            white,
            black,
            by_year: years,
            eco_white,
            eco_black,
            opponents,
            rating: data.map(|d| d.rating).filter(|&r| r != 0),
            fide_id: data.map(|d| d.fide_id).filter(|&f| f != 0),
            games,
        })
    }

    /// Both colours together.
    pub fn total(&self) -> Score {
        self.white.plus(self.black)
    }
}

/// The ids that resolve to `record`.
fn ids_of(t: &NameTable, record: u32) -> impl Iterator<Item = u32> + '_ {
    (0..t.len()).filter(move |&id| t.record_index(id) == Some(record))
}

/// A result from one side: 0 won, 1 drew, 2 lost, 3 unfinished.
fn result_code(result: GameResult, as_white: bool) -> u64 {
    match (result, as_white) {
        (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => 0,
        (GameResult::Draw, _) => 1,
        (GameResult::WhiteWins, false) | (GameResult::BlackWins, true) => 2,
        (GameResult::Unknown, _) => 3,
    }
}

/// The `top` entries of `by_key` with the most games (none without),
/// ties in the order `tie` gives keys (a total order): `top` scans, as
/// `top` is small.
fn most_played(
    by_key: &[Score],
    top: usize,
    tie: impl Fn(u32, u32) -> core::cmp::Ordering,
) -> Vec<(u32, Score)> {
    use core::cmp::Ordering::{Greater, Less};
    let mut out: Vec<(u32, Score)> = Vec::new();
    // Entries are taken in (games descending, `tie`) order: the next one
    // is the best below the last taken.
    let mut last: Option<(u32, u32)> = None;
    while out.len() < top {
        let below = |games: u32, key: u32| {
            last.is_none_or(|(g, k)| games < g || (games == g && tie(key, k) == Greater))
        };
        let mut best: Option<(u32, Score)> = None;
        for (key, s) in by_key.iter().enumerate() {
            let (key, games) = (key as u32, s.games());
            let better = |(k, b): (u32, Score)| {
                games > b.games() || (games == b.games() && tie(key, k) == Less)
            };
            if games > 0 && below(games, key) && best.is_none_or(better) {
                best = Some((key, *s));
            }
        }
        let Some(b) = best else { break };
        last = Some((b.1.games(), b.0));
        out.push(b);
    }
    out
}

#[cfg(all(test, feature = "pgn"))]
mod tests {
    use super::*;
    use crate::ca::{OpenOptions, search::HeaderIndex, writer};

    /// Six games of Anna's (as White +2 =1 and one `*`, as Black +1 -1),
    /// one without her; her Elo and FIDE id in the tags.
    const PGN: &str = "\
[White \"Anna\"] [Black \"Boris\"] [Result \"1-0\"] [Date \"1995.01.01\"] [ECO \"B90\"] [WhiteElo \"2410\"] [WhiteFideId \"4100123\"]\n1. e4 1-0\n\n\
[White \"Anna\"] [Black \"Cleo\"] [Result \"1/2-1/2\"] [Date \"1995.05.01\"] [ECO \"B90\"]\n1. e4 1/2-1/2\n\n\
[White \"Anna\"] [Black \"Boris\"] [Result \"1-0\"] [Date \"1996.01.01\"] [ECO \"C42\"]\n1. e4 1-0\n\n\
[White \"Anna\"] [Black \"Boris\"] [Result \"*\"] [ECO \"B90\"]\n1. e4 *\n\n\
[White \"Boris\"] [Black \"Anna\"] [Result \"0-1\"] [Date \"1996.02.02\"] [ECO \"A04\"]\n1. Nf3 0-1\n\n\
[White \"Cleo\"] [Black \"Boris\"] [Result \"1-0\"] [Date \"1996.03.03\"]\n1. e4 1-0\n\n\
[White \"Cleo\"] [Black \"Anna\"] [Result \"1-0\"] [Date \"1997.03.03\"] [ECO \"A04\"]\n1. Nf3 1-0\n";

    fn db() -> Database<Vec<u8>> {
        let games = crate::game::import::read_pgn(PGN).unwrap();
        let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
        Database::open(files, OpenOptions::default()).unwrap()
    }

    fn s(wins: u32, draws: u32, losses: u32, unfinished: u32) -> Score {
        Score {
            wins,
            draws,
            losses,
            unfinished,
        }
    }

    #[test]
    fn anna_s_card_has_the_totals_counted_by_hand() {
        let db = db();
        let index = HeaderIndex::new(&db);
        let anna = index.player_record("Anna").unwrap();
        let card = PlayerCard::of(&db, anna, 10).unwrap();
        assert_eq!(card.name, "Anna");
        assert_eq!(card.white, s(2, 1, 0, 1));
        assert_eq!(card.black, s(1, 0, 1, 0));
        assert_eq!(card.total().points2(), 7);
        assert_eq!(card.games, [0, 1, 2, 3, 4, 6]);
        assert_eq!(
            card.by_year,
            [
                (0, s(0, 0, 0, 1)),
                (1995, s(1, 1, 0, 0)),
                (1996, s(2, 0, 0, 0)),
                (1997, s(0, 0, 1, 0))
            ]
        );
        let b90 = super::super::search::eco_value("B90").unwrap();
        let c42 = super::super::search::eco_value("C42").unwrap();
        let a04 = super::super::search::eco_value("A04").unwrap();
        assert_eq!(card.eco_white, [(b90, s(1, 1, 0, 1)), (c42, s(1, 0, 0, 0))]);
        assert_eq!(card.eco_black, [(a04, s(1, 0, 1, 0))]);
        let opp: Vec<_> = card
            .opponents
            .iter()
            .map(|o| (o.name.as_str(), o.score))
            .collect();
        assert_eq!(opp, [("Boris", s(3, 0, 0, 1)), ("Cleo", s(0, 1, 1, 0))]);
        assert_eq!((card.rating, card.fide_id), (Some(2410), Some(4100123)));
        // At most `top` of each.
        let short = PlayerCard::of(&db, anna, 1).unwrap();
        assert_eq!(short.opponents.len(), 1);
        assert_eq!(short.opponents[0].name, "Boris");

        let cleo = PlayerCard::of(&db, index.player_record("cleo").unwrap(), 10).unwrap();
        assert_eq!((cleo.white, cleo.black), (s(2, 0, 0, 0), s(0, 1, 0, 0)));
        assert_eq!((cleo.rating, cleo.fide_id), (None, None));
        // Game 5 has no ECO.
        assert_eq!(cleo.eco_white, [(a04, s(1, 0, 0, 0))]);
        assert!(PlayerCard::of(&db, 999, 10).is_err());
        assert_eq!(index.player_record("nobody"), None);
    }
}
