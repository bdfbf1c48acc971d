//! `cadb player` (a player's card) and `cadb find` (a header search, by
//! the flags of `filters.rs`).

use std::process::ExitCode;

use cadb::ca::{
    format::d00::decode_eco,
    player::{PlayerCard, Score},
    search::HeaderIndex,
};
use serde_json::{Value, json};

use crate::{ca_cmds::DbArgs, dbfiles, filters::HeaderFilters};

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
    #[command(flatten)]
    filters: HeaderFilters,
}

/// `cadb find`: the matching game indices, one a line; in a folder of
/// several databases, each database's after its name and a tab.
pub fn find(a: FindArgs) -> Result<ExitCode, String> {
    let q = a.filters.query()?;
    let members = dbfiles::archive(a.db.path())?;
    let one = members.len() == 1;
    let (mut out, mut closed) = (String::new(), 0);
    for m in &members {
        let Some(db) = dbfiles::open_or_skip(m, members.len(), a.db.encoding())? else {
            closed += 1;
            continue;
        };
        let found = HeaderIndex::new(&db)
            .search(&db, &q)
            .map_err(|e| e.to_string())?;
        let name = if one {
            String::new()
        } else {
            format!("{}\t", m.name)
        };
        for i in found {
            out += &format!("{name}{i}\n");
        }
    }
    say_raw!("{out}");
    Ok(if closed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
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

/// `cadb player`: a player's card; of a folder of several databases, their
/// games in every database that has the name (`PlayerCard::across`), each
/// game named by its database.
pub fn player(a: PlayerArgs) -> Result<ExitCode, String> {
    let members = dbfiles::archive(a.db.path())?;
    let (mut dbs, mut closed) = (Vec::new(), 0);
    for m in &members {
        match dbfiles::open_or_skip(m, members.len(), a.db.encoding())? {
            Some(db) => dbs.push((m.name.as_str(), db)),
            None => closed += 1,
        }
    }
    // Each database with the name, and the number of its first game.
    let mut found = Vec::new();
    let mut start = 0;
    for (name, db) in &dbs {
        if let Some(record) = HeaderIndex::new(db).player_record(&a.name) {
            found.push((*name, db, record, start));
        }
        start += db.count();
    }
    let across: Vec<_> = found.iter().map(|&(_, db, r, s)| (db, r, s)).collect();
    let c = PlayerCard::across(&across, 10)
        .map_err(|e| e.to_string())?
        .ok_or(format!("no player named {:?}", a.name))?;
    // A game's database and its number there, from the archive's number.
    let place = |g: u32| {
        let k = found.partition_point(|f| f.3 <= u64::from(g)) - 1;
        (found[k].0, u64::from(g) - found[k].3)
    };
    let several = members.len() > 1;
    let code = if closed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
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
            "games": if several {
                c.games.iter().map(|&g| {
                    let (database, game) = place(g);
                    json!({ "database": database, "game": game })
                }).collect()
            } else {
                json!(c.games)
            },
        });
        say_raw!("{v:#}\n");
        return Ok(code);
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
    if several {
        let names: Vec<&str> = found.iter().map(|f| f.0).collect();
        out += &format!("in:        {}\n", names.join(", "));
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
    say_raw!("{out}");
    Ok(code)
}
