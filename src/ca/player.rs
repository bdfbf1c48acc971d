//! A player's card: results as White and as Black, by year, by opening and
//! against frequent opponents, with the rating and FIDE id of the players
//! list, all from one pass over D00 (no game is decoded).
//!
//! A player is a name record: the ids the players list redirects to one
//! record are one player ([`NameTable::record_index`]). Two records with the
//! same text are two players, as the database keeps them. Across many
//! databases a player is a name ([`PlayerCard::across`]).
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

/// A player's games in one database, counted whole: a card before its
/// lists are cut to their top entries.
struct Tally {
    white: Score,
    black: Score,
    years: Vec<(u32, Score)>,
    /// By colour (White, Black), then ECO code.
    eco: [[Score; 500]; 2],
    /// By the opponent's name record.
    opponents: Vec<Score>,
    games: Vec<u32>,
}

impl Tally {
    /// The games of name record `record` (checked by the caller), from one
    /// pass over D00.
    fn of<R: ReadAt>(db: &Database<R>, record: u32) -> Result<Tally, Error> {
        let players = db.list(ListKind::Players);
        let rec = |id: u32| players.record_index(id);
        // Tallies indexed by key, then the top entries picked by scans: no
        // map and no sort of its own in the wasm module (each costs
        // kilobytes there). Opponents by record: 16 bytes a name record.
        let mut t = Tally {
            white: Score::default(),
            black: Score::default(),
            years: Vec::new(),
            eco: [[Score::default(); 500]; 2],
            opponents: vec![Score::default(); players.record_count() as usize],
            games: Vec::new(),
        };
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
                if as_white { &mut t.white } else { &mut t.black }.add(r);
                year_of(&mut t.years, date_year(h.date)).add(r);
                if let Some(s) = t.eco[usize::from(!as_white)].get_mut(code) {
                    s.add(r);
                }
                if let Some(s) = rec(them).and_then(|o| t.opponents.get_mut(o as usize)) {
                    s.add(r);
                }
            }
            if mine {
                t.games.push(i as u32);
            }
        })?;
        Ok(t)
    }

    /// The card of these counts: the top `top` openings of each colour,
    /// `opponents` already picked, record `record`'s name in `db`, and
    /// what the players lists say (`about`).
    fn card<R: ReadAt>(
        self,
        db: &Database<R>,
        record: u32,
        top: usize,
        opponents: Vec<Opponent>,
        about: About,
    ) -> PlayerCard {
        let players = db.list(ListKind::Players);
        let [eco_white, eco_black] = self.eco.map(|by_code| {
            most_played(&by_code, top, |a, b| a.cmp(&b))
                .into_iter()
                .map(|(c, s)| (c as u16, s))
                .collect()
        });
        PlayerCard {
            record,
            name: players.record_name(record, db.text()).unwrap_or_default(),
            title: about.title,
            white: self.white,
            black: self.black,
            by_year: self.years,
            eco_white,
            eco_black,
            opponents,
            rating: about.rating,
            fide_id: about.fide_id,
            games: self.games,
        }
    }

    /// Adds `o`'s counts to these (opponents are the caller's).
    fn absorb(&mut self, o: &Tally) {
        self.white = self.white.plus(o.white);
        self.black = self.black.plus(o.black);
        for &(year, s) in &o.years {
            let at = year_of(&mut self.years, year);
            *at = at.plus(s);
        }
        for (mine, theirs) in self.eco.iter_mut().zip(&o.eco) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a = a.plus(*b);
            }
        }
    }
}

/// What a players list says of a player, beside their games.
struct About {
    title: Option<String>,
    rating: Option<u16>,
    fide_id: Option<u32>,
}

impl About {
    /// Name record `record`'s: the title of its entry; the rating and
    /// FIDE id of the first of its ids that has one.
    fn of<R: ReadAt>(db: &Database<R>, record: u32) -> About {
        let players = db.list(ListKind::Players);
        let data = ids_of(players, record).find_map(|id| {
            players
                .player_data(id)
                .filter(|d| d.rating != 0 || d.fide_id != 0)
        });
        let enc = db.text();
        About {
            title: players
                .record(record)
                .map(|e| enc.decode(e.title))
                .map(|t| String::from(t.trim()))
                .filter(|t| !t.is_empty()),
            rating: data.map(|d| d.rating).filter(|&r| r != 0),
            fide_id: data.map(|d| d.fide_id).filter(|&f| f != 0),
        }
    }
}

/// The score of `year` in `years` (ascending), inserted if need be.
fn year_of(years: &mut Vec<(u32, Score)>, year: u32) -> &mut Score {
    let at = match years.binary_search_by_key(&year, |&(y, _)| y) {
        Ok(at) => at,
        Err(at) => {
            years.insert(at, (year, Score::default()));
            at
        }
    };
    &mut years[at].1
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
        let t = Tally::of(db, record)?;
        let enc = db.text();
        // Ties by name, then record: a record's number is its place in
        // .d01, which a writer may order any way (issue 32). Only the
        // opponents met are named.
        let names: Vec<String> = t
            .opponents
            .iter()
            .enumerate()
            .map(|(r, s)| match s.games() {
                0 => String::new(),
                _ => crate::text::lower(&players.record_name(r as u32, enc).unwrap_or_default()),
            })
            .collect();
        let by_name = |a: u32, b: u32| names[a as usize].cmp(&names[b as usize]).then(a.cmp(&b));
        let opponents = most_played(&t.opponents, top, by_name)
            .into_iter()
            .map(|(record, score)| Opponent {
                record,
                name: players.record_name(record, enc).unwrap_or_default(),
                score,
            })
            .collect();
        Ok(t.card(db, record, top, opponents, About::of(db, record)))
    }

    /// The card of one player over many databases (an archive's,
    /// [`crate::archive::list`]): each member's database, the player's
    /// name record in it (a member without the player is left out) and
    /// the archive's number of its first game. Across databases a player
    /// is a name: opponents are joined by their names, lower-cased (ties
    /// by name); `record` is an opponent's, and the card's, in the first
    /// member that has them; the title, the rating and the FIDE id are
    /// each the first member's that has one. None when no member has the
    /// player.
    ///
    /// ```
    /// use cadb::ca::{Database, OpenOptions, writer, player::PlayerCard, search::HeaderIndex};
    /// let open = |pgn: &str| {
    ///     let games = cadb::game::import::read_pgn(pgn).unwrap();
    ///     Database::open(writer::write_database(&games, &Default::default()).unwrap().0, OpenOptions::default()).unwrap()
    /// };
    /// let a = open("[White \"Anna\"] [Black \"Boris\"] [Result \"1-0\"]\n1. e4 1-0\n");
    /// let b = open("[White \"Cleo\"] [Black \"Dan\"] [Result \"*\"]\n1. d4 *\n\n[White \"BORIS\"] [Black \"ANNA\"] [Result \"1/2-1/2\"]\n1. d4 1/2-1/2\n");
    /// let anna = |db: &Database<Vec<u8>>| HeaderIndex::new(db).player_record("anna").unwrap();
    /// let card = PlayerCard::across(&[(&a, anna(&a), 0), (&b, anna(&b), 1)], 10).unwrap().unwrap();
    /// assert_eq!((card.white.wins, card.black.draws), (1, 1));
    /// assert_eq!((card.opponents.len(), card.opponents[0].score.games()), (1, 2));
    /// assert_eq!(card.games, [0, 2]); // the archive's numbers
    /// ```
    pub fn across<R: ReadAt>(
        members: &[(&Database<R>, u32, u64)],
        top: usize,
    ) -> Result<Option<PlayerCard>, Error> {
        let mut first: Option<(&Database<R>, u32, Tally)> = None;
        // (lower-cased name, name, record, score) of each opponent met,
        // the first member's spelling and record, and their places in
        // name order: kept sorted as they come (a sort of its own would
        // cost kilobytes of the wasm module; a card has few opponents).
        let mut met: Vec<(String, String, u32, Score)> = Vec::new();
        let mut order: Vec<u32> = Vec::new();
        for &(db, record, start) in members {
            let players = db.list(ListKind::Players);
            if record >= players.record_count() {
                return Err(Error::argument("no such player record"));
            }
            let mut t = Tally::of(db, record)?;
            let enc = db.text();
            for (r, s) in t.opponents.iter().enumerate() {
                if s.games() > 0 {
                    let name = players.record_name(r as u32, enc).unwrap_or_default();
                    let lower = crate::text::lower(&name);
                    match order.binary_search_by(|&k| met[k as usize].0.cmp(&lower)) {
                        Ok(at) => {
                            let j = &mut met[order[at] as usize].3;
                            *j = j.plus(*s);
                        }
                        Err(at) => {
                            order.insert(at, met.len() as u32);
                            met.push((lower, name, r as u32, *s));
                        }
                    }
                }
            }
            for g in &mut t.games {
                *g = (start + u64::from(*g)) as u32;
            }
            match &mut first {
                None => first = Some((db, record, t)),
                Some((_, _, all)) => {
                    all.absorb(&t);
                    all.games.extend_from_slice(&t.games);
                }
            }
        }
        let Some((db, record, all)) = first else {
            return Ok(None);
        };
        // What the players lists say: each the first member's that says it.
        let mut about = About {
            title: None,
            rating: None,
            fide_id: None,
        };
        for &(db, record, _) in members {
            let more = About::of(db, record);
            about.title = about.title.or(more.title);
            about.rating = about.rating.or(more.rating);
            about.fide_id = about.fide_id.or(more.fide_id);
        }
        let scores: Vec<Score> = order.iter().map(|&k| met[k as usize].3).collect();
        // In name order: ties by place are ties by name.
        let opponents = most_played(&scores, top, |a, b| a.cmp(&b))
            .into_iter()
            .map(|(at, score)| {
                let (_, name, record, _) = &met[order[at as usize] as usize];
                Opponent {
                    record: *record,
                    name: name.clone(),
                    score,
                }
            })
            .collect();
        Ok(Some(all.card(db, record, top, opponents, about)))
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
