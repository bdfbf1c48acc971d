//! `playerCard(player)` of a database and of an archive: a thin wrapper
//! over [`crate::ca::player`].

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use super::{Archive, Database, bad_argument, database::set, to_js};
use crate::ca::{
    format::d00::decode_eco,
    player::{PlayerCard, Score},
};

/// Openings and opponents a card lists.
const TOP: usize = 10;

#[wasm_bindgen]
impl Database {
    /// The card of a player: by name (the whole name, case-insensitive) or
    /// by the index of the name in `names().players`.
    #[wasm_bindgen(js_name = playerCard, unchecked_return_type = "PlayerCard")]
    pub fn player_card(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | number")] player: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (index, db) = self.indexed();
        let record = if let Some(name) = player.as_string() {
            index.player_record(&name)
        } else {
            player
                .as_f64()
                .filter(|n| n.fract() == 0.0 && *n >= 1.0 && *n <= f64::from(u32::MAX))
                .map(|n| n as u32 - 1)
        };
        let record = record.ok_or_else(|| bad_argument("no such player"))?;
        let card = PlayerCard::of(db, record, TOP).map_err(to_js)?;
        Ok(card_object(&card).into())
    }
}

#[wasm_bindgen]
impl Archive {
    /// The card of the player named `name` (the whole name,
    /// case-insensitive) over every member that has them: scores summed,
    /// opponents joined by name, `games` in the archive's numbering.
    /// `index` is the player's in the first such member's `names()`.
    ///
    /// ```js
    /// const card = archive.playerCard("Anna");
    /// card.games; // archive numbers, every member's
    /// ```
    #[wasm_bindgen(js_name = playerCard, unchecked_return_type = "PlayerCard")]
    pub fn player_card(&mut self, name: &str) -> Result<JsValue, JsValue> {
        use crate::ca::player::PlayerCard;
        let spans = &self.spans;
        let mut found = alloc::vec::Vec::new();
        for (k, (_, d)) in self.members.iter_mut().enumerate() {
            let (index, db) = d.indexed();
            if let Some(record) = index.player_record(name) {
                found.push((db, record, spans.start(k).unwrap_or(0)));
            }
        }
        let card = PlayerCard::across(&found, TOP).map_err(to_js)?;
        let card = card.ok_or_else(|| bad_argument("no such player"))?;
        Ok(card_object(&card).into())
    }
}

fn score(s: &Score) -> Object {
    let o = Object::new();
    set(&o, "wins", s.wins);
    set(&o, "draws", s.draws);
    set(&o, "losses", s.losses);
    set(&o, "unfinished", s.unfinished);
    o
}

/// `[{ key: k, score }]` for a card's list.
fn scored(key: &str, rows: &mut dyn Iterator<Item = (JsValue, Score)>) -> Array {
    rows.map(|(k, s)| {
        let o = Object::new();
        set(&o, key, k);
        set(&o, "score", score(&s));
        JsValue::from(o)
    })
    .collect()
}

fn card_object(c: &PlayerCard) -> Object {
    let o = Object::new();
    set(&o, "name", c.name.as_str());
    set(&o, "index", c.record + 1);
    if let Some(t) = &c.title {
        set(&o, "title", t.as_str());
    }
    set(&o, "white", score(&c.white));
    set(&o, "black", score(&c.black));
    set(
        &o,
        "byYear",
        scored("year", &mut c.by_year.iter().map(|&(y, s)| (y.into(), s))),
    );
    let eco = |v: &[(u16, Score)]| {
        scored(
            "eco",
            &mut v
                .iter()
                .map(|&(e, s)| (decode_eco(e).unwrap_or_default().into(), s)),
        )
    };
    set(&o, "ecoWhite", eco(&c.eco_white));
    set(&o, "ecoBlack", eco(&c.eco_black));
    set(
        &o,
        "opponents",
        scored(
            "name",
            &mut c
                .opponents
                .iter()
                .map(|p| (p.name.as_str().into(), p.score)),
        ),
    );
    if let Some(r) = c.rating {
        set(&o, "rating", r);
    }
    if let Some(f) = c.fide_id {
        set(&o, "fideId", f);
    }
    set(&o, "games", c.games.len() as u32);
    o
}
