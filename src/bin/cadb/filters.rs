//! The header filters of `cadb find` and `cadb search`: their flags, and
//! the [`Query`] they make (checked before any file is read).

use cadb::{
    ca::{
        format::d00::encode_game_type,
        search::{EloOf, Query, Side, eco_value},
    },
    game::headers::GameResult,
};

#[derive(clap::Args, Clone)]
pub struct HeaderFilters {
    /// Part of either player's name, the event or the site
    #[arg(long)]
    text: Option<String>,
    /// Part of a player's name
    #[arg(long)]
    player: Option<String>,
    /// The side --player plays: white, black or either
    #[arg(long, default_value = "either", value_parser = ["white", "black", "either"])]
    color: String,
    /// --player is the whole name
    #[arg(long)]
    exact: bool,
    #[arg(long)]
    event: Option<String>,
    #[arg(long)]
    site: Option<String>,
    #[arg(long)]
    annotator: Option<String>,
    #[arg(long)]
    source: Option<String>,
    #[arg(long, value_name = "YEAR")]
    year_from: Option<u16>,
    #[arg(long, value_name = "YEAR")]
    year_to: Option<u16>,
    #[arg(long, value_name = "ECO")]
    eco_from: Option<String>,
    #[arg(long, value_name = "ECO")]
    eco_to: Option<String>,
    /// 1-0, 0-1, 1/2-1/2 or *
    #[arg(long)]
    result: Option<String>,
    #[arg(long, value_name = "ELO")]
    min_elo: Option<u16>,
    /// Whose Elo --min-elo bounds: both, either or opponent (of --player)
    #[arg(long, default_value = "both", value_parser = ["both", "either", "opponent"])]
    elo_of: String,
    /// A game type, by English name or number 1-30
    #[arg(long)]
    game_type: Option<String>,
    #[arg(long, value_name = "N")]
    plies_from: Option<u32>,
    #[arg(long, value_name = "N")]
    plies_to: Option<u32>,
    /// Only games with comments, symbols or variations
    #[arg(long)]
    annotated: bool,
}

impl HeaderFilters {
    /// The query of these flags; a bad result, game type or ECO bound is an
    /// error naming it.
    pub fn query(self) -> Result<Query, String> {
        let a = self;
        let result = match a.result.as_deref() {
            None => None,
            Some(r) => Some(GameResult::from_pgn(r).ok_or(format!("unknown result {r:?}"))?),
        };
        let game_type = match a.game_type.as_deref() {
            None => None,
            Some(t) => match encode_game_type(t) {
                0 => return Err(format!("unknown game type {t:?}")),
                n => Some(n),
            },
        };
        for e in [&a.eco_from, &a.eco_to].into_iter().flatten() {
            if eco_value(e).is_none() {
                return Err(format!("an ECO bound must be A00..E99, not {e:?}"));
            }
        }
        Ok(Query {
            text: a.text,
            player: a.player,
            player_exact: a.exact,
            color: Side::from_name(&a.color).unwrap_or_default(),
            event: a.event,
            site: a.site,
            annotator: a.annotator,
            source: a.source,
            year_from: a.year_from,
            year_to: a.year_to,
            eco_from: a.eco_from,
            eco_to: a.eco_to,
            result,
            min_elo: a.min_elo,
            elo_of: EloOf::from_name(&a.elo_of).unwrap_or_default(),
            game_type,
            plies_from: a.plies_from,
            plies_to: a.plies_to,
            annotated: a.annotated,
            ..Query::default()
        })
    }
}
