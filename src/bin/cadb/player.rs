//! `cadb player` (a player's card) and `cadb find` (a header search).

use std::process::ExitCode;

use cadb::{
    ca::{
        format::d00::{decode_eco, encode_game_type},
        player::{PlayerCard, Score},
        search::{EloOf, HeaderIndex, Query, Side},
    },
    game::headers::GameResult,
};
use serde_json::{Value, json};

use crate::{ca_cmds::DbArgs, dbfiles};

#[derive(clap::Args)]
pub struct PlayerArgs {
    #[command(flatten)]
    db: DbArgs,
    /// The player's whole name (case-insensitive)
    name: String,
    /// Print the card as JSON
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub struct FindArgs {
    #[command(flatten)]
    db: DbArgs,
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

/// `cadb find`: the matching game indices, one a line.
pub fn find(a: FindArgs) -> Result<ExitCode, String> {
    let db = dbfiles::open(a.db.path(), a.db.encoding())?;
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
        if cadb::ca::search::eco_value(e).is_none() {
            return Err(format!("an ECO bound must be A00..E99, not {e:?}"));
        }
    }
    let q = Query {
        text: a.text,
        player: a.player,
        player_exact: a.exact,
        color: match a.color.as_str() {
            "white" => Side::White,
            "black" => Side::Black,
            _ => Side::Either,
        },
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
        elo_of: match a.elo_of.as_str() {
            "either" => EloOf::Either,
            "opponent" => EloOf::Opponent,
            _ => EloOf::Both,
        },
        game_type,
        plies_from: a.plies_from,
        plies_to: a.plies_to,
        annotated: a.annotated,
        ..Query::default()
    };
    let found = HeaderIndex::new(&db)
        .search(&db, &q)
        .map_err(|e| e.to_string())?;
    let mut out = String::new();
    for i in found {
        out += &format!("{i}\n");
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// `+3 =1 -0 *1`.
fn score_text(s: &Score) -> String {
    let points = s.points2() as f64 / 2.0;
    let finished = s.wins + s.draws + s.losses;
    let pct = if finished > 0 {
        format!(
            " {:.0}%",
            100.0 * s.points2() as f64 / (2.0 * finished as f64)
        )
    } else {
        String::new()
    };
    format!(
        "{} games: +{} ={} -{}{} ({points} points{pct})",
        s.games(),
        s.wins,
        s.draws,
        s.losses,
        if s.unfinished > 0 {
            format!(" *{}", s.unfinished)
        } else {
            String::new()
        },
    )
}

fn score_json(s: &Score) -> Value {
    json!({ "wins": s.wins, "draws": s.draws, "losses": s.losses, "unfinished": s.unfinished })
}

/// `cadb player`: a player's card.
pub fn player(a: PlayerArgs) -> Result<ExitCode, String> {
    let db = dbfiles::open(a.db.path(), a.db.encoding())?;
    let record = HeaderIndex::new(&db)
        .player_record(&a.name)
        .ok_or(format!("no player named {:?}", a.name))?;
    let c = PlayerCard::of(&db, record, 10).map_err(|e| e.to_string())?;
    let eco = |e: u16| decode_eco(e).unwrap_or_default();
    if a.json {
        let scored = |key: &str, rows: Vec<(Value, &Score)>| -> Value {
            rows.into_iter()
                .map(|(k, s)| json!({ key: k, "score": score_json(s) }))
                .collect()
        };
        let v = json!({
            "name": c.name, "title": c.title, "rating": c.rating, "fideId": c.fide_id,
            "white": score_json(&c.white), "black": score_json(&c.black),
            "byYear": scored("year", c.by_year.iter().map(|(y, s)| (json!(y), s)).collect()),
            "ecoWhite": scored("eco", c.eco_white.iter().map(|(e, s)| (json!(eco(*e)), s)).collect()),
            "ecoBlack": scored("eco", c.eco_black.iter().map(|(e, s)| (json!(eco(*e)), s)).collect()),
            "opponents": scored("name", c.opponents.iter().map(|o| (json!(o.name), &o.score)).collect()),
            "games": c.games,
        });
        println!("{v:#}");
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = String::new();
    let title = c
        .title
        .as_deref()
        .map(|t| format!(" ({t})"))
        .unwrap_or_default();
    out += &format!("{}{title}\n", c.name);
    if let Some(r) = c.rating {
        out += &format!("rating:    {r}\n");
    }
    if let Some(f) = c.fide_id {
        out += &format!("FIDE id:   {f}\n");
    }
    out += &format!("total:     {}\n", score_text(&c.total()));
    out += &format!("as White:  {}\n", score_text(&c.white));
    out += &format!("as Black:  {}\n", score_text(&c.black));
    out += "by year:\n";
    for (y, s) in &c.by_year {
        let y = if *y == 0 {
            "????".to_string()
        } else {
            y.to_string()
        };
        out += &format!("  {y}  {}\n", score_text(s));
    }
    for (side, list) in [("White", &c.eco_white), ("Black", &c.eco_black)] {
        out += &format!("openings as {side}:\n");
        for (e, s) in list {
            out += &format!("  {}  {}\n", eco(*e), score_text(s));
        }
    }
    out += "opponents:\n";
    for o in &c.opponents {
        out += &format!("  {}: {}\n", o.name, score_text(&o.score));
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}
