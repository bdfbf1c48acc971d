//! `cadb search`: the games that reach a position (`--fen`), or whose
//! contents match material, a pattern, a maneuver or annotations, after
//! the header filters (docs/search.md has the syntax).

use std::{
    io::{BufWriter, Write},
    ops::ControlFlow,
    process::ExitCode,
};

use cadb::{
    bytes::FileBytes,
    ca::{
        Database,
        position::SearchOptions,
        search::{Expressions, HeaderIndex, Query, SearchHits},
    },
    openings::Openings,
    reach::Target,
};

use crate::{
    ca_cmds::DbArgs,
    dbfiles,
    filters::HeaderFilters,
    terminal,
    threads::{self, ThreadsOption},
};

#[derive(clap::Args)]
pub struct SearchArgs {
    #[command(flatten)]
    db: DbArgs,
    /// The position: a FEN, or only its placement and side to move
    /// (castling and en passant are not compared)
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// With --fen: look inside variations too
    #[arg(long)]
    variations: bool,
    /// Material, side against side ("RB vs RN", "Q vs RR either",
    /// "RBP3 vs RNP2+ for 2") or as differences White minus Black
    /// ("diff Q=1 R=-2 either for 4", "diff points>=3 plies 20-60").
    /// Pieces not named on a side are absent but pawns are free; `*` is
    /// any material; options: for N, plies A-B, either
    #[arg(long, value_name = "EXPR", allow_hyphen_values = true)]
    material: Option<String>,
    /// Pieces on squares or files, UPPER CASE White, lower case Black, `!`
    /// forbids: "Nd5 !pc", "Pd4 !Pc !Pe" (an isolated d-pawn),
    /// "Pd4 !Pc pc6 pd5 !pe either"; or "board MODE FEN" with MODE exact,
    /// pawns, files or material. Options: either, mirror, for N, plies A-B
    #[arg(long, value_name = "EXPR", allow_hyphen_values = true)]
    pattern: Option<String>,
    /// One piece's route, main line: "Nb1-d2-f1-g3" (White),
    /// "nb8-d7-f8-g6" (Black); castling moves the king e1-g1 and the rook
    /// h1-f1
    #[arg(long, value_name = "EXPR", allow_hyphen_values = true)]
    maneuver: Option<String>,
    /// Words or "a quoted phrase", all in one comment, case-insensitive:
    /// --comment 'блестяще "time trouble"'
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    comment: Option<String>,
    /// A NAG 1-255 on any move: --nag 3 (!!)
    #[arg(long, value_name = "N")]
    nag: Option<f64>,
    /// Games with any evaluation
    #[arg(long)]
    has_eval: bool,
    /// Two engine evaluations on consecutive main-line plies differ by at
    /// least this many pawns: --eval-swing 2.5
    #[arg(long, value_name = "PAWNS")]
    eval_swing: Option<f64>,
    /// A part of the opening name or ECO code classified from the moves:
    /// --opening Najdorf, --opening B90
    #[arg(long, value_name = "TEXT")]
    opening: Option<String>,
    #[command(flatten)]
    filters: HeaderFilters,
    #[command(flatten)]
    threads: ThreadsOption,
    /// One JSON object: the hits (game, ply; with --fen also inVariation
    /// and the next move in UCI) and the counts
    #[arg(long)]
    json: bool,
}

/// `cadb search`: one line a game that matches, its 0-based index in D00
/// order, a tab, and the ply of the first hit; the counts on stderr. Exit
/// 0 when the search ran, whatever it found; 2 for a bad expression.
pub fn run(args: SearchArgs) -> Result<ExitCode, String> {
    let query = query(&args)?;
    let target: Option<Target> = match &args.fen {
        Some(f) => Some(f.parse().map_err(|e| format!("--fen: {e}"))?),
        None => None,
    };
    let only_fen = target.is_some() && query == Query::default();
    // Every database of a folder of several, in the archive's order; each
    // hit then names its database.
    let members = dbfiles::archive(args.db.path())?;
    let one = members.len() == 1;
    let (mut found, mut closed) = (Found::default(), Vec::new());
    for m in &members {
        let Some(mut db) = dbfiles::open_or_skip(m, members.len(), args.db.encoding())? else {
            closed.push(m.name.as_str());
            continue;
        };
        let name = (!one).then_some(m.name.as_str());
        search_one(&args, &query, target.as_ref(), &mut db, name, &mut found)?;
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    let written = if args.json {
        let doc = serde_json::json!({
            "hits": found.json,
            "searched": found.searched,
            "damaged": found.damaged,
        });
        writeln!(out, "{doc}")
    } else {
        out.write_all(found.text.as_bytes())
    };
    written
        .and_then(|()| out.flush())
        .map_err(|e| format!("writing the results: {e}"))?;
    let what = if only_fen {
        "reach the position"
    } else {
        "match"
    };
    warn!(
        "{} of {} games {what} ({} damaged before a hit)",
        found.hits, found.searched, found.damaged
    );
    if !one {
        warn!(
            "databases searched: {} of {}",
            members.len() - closed.len(),
            members.len()
        );
    }
    Ok(if closed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The hits of every database searched, as they are printed.
#[derive(Default)]
struct Found {
    /// One line a hit: `game<TAB>ply`, after `NAME<TAB>` in an archive.
    text: String,
    /// One object a hit, for `--json`.
    json: Vec<serde_json::Value>,
    hits: usize,
    searched: u64,
    damaged: u64,
}

/// Searches one database (`open` opens it again for each other thread),
/// its hits added to `found`, named by `name` in an archive.
fn search_one(
    args: &SearchArgs,
    query: &Query,
    target: Option<&Target>,
    db: &mut Database<FileBytes>,
    name: Option<&str>,
    found: &mut Found,
) -> Result<(), String> {
    let go = |_, _| ControlFlow::Continue(());
    let only_fen = target.is_some() && *query == Query::default();
    let mut hits: Vec<(u32, u32)> = Vec::new();
    let (mut searched, mut damaged) = (0, 0);
    let mut fen_hits = None;
    if !only_fen {
        let contents = search_contents(args, query, db)?;
        hits = contents.hits.iter().map(|h| (h.game, h.ply)).collect();
        (searched, damaged) = (contents.searched, contents.damaged);
    }
    if let Some(target) = target {
        let options = SearchOptions {
            variations: args.variations,
        };
        let subset: Vec<u32> = hits.iter().map(|h| h.0).collect();
        let reached = if only_fen {
            db.position_search(target, &options, go)
        } else {
            db.position_search_subset(target, &options, &subset, go)
        }
        .map_err(|e| e.to_string())?;
        // Both searches' hits: the later ply.
        let before: std::collections::HashMap<u32, u32> = hits.iter().copied().collect();
        hits = reached
            .hits
            .iter()
            .map(|h| (h.game, h.ply.max(before.get(&h.game).copied().unwrap_or(0))))
            .collect();
        if only_fen {
            searched = reached.searched;
        }
        damaged += reached.damaged;
        fen_hits = Some(reached.hits);
    }
    found.hits += hits.len();
    found.searched += searched;
    found.damaged += damaged;
    if args.json {
        let named = |mut v: serde_json::Value| {
            if let (Some(name), Some(o)) = (name, v.as_object_mut()) {
                o.insert("database".into(), name.into());
            }
            v
        };
        match (&fen_hits, only_fen) {
            (Some(reached), true) => found.json.extend(reached.iter().map(|h| {
                named(serde_json::json!({
                    "game": h.game,
                    "ply": h.ply,
                    "inVariation": h.in_variation,
                    "next": h.next.map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string()),
                }))
            })),
            _ => found.json.extend(
                hits.iter()
                    .map(|&(game, ply)| named(serde_json::json!({ "game": game, "ply": ply }))),
            ),
        }
    } else {
        for (game, ply) in hits {
            if let Some(name) = name {
                found.text += &format!("{}\t", terminal::safe(name));
            }
            found.text += &format!("{game}\t{ply}\n");
        }
    }
    Ok(())
}

/// The search of `query` (headers, then the games' contents): the games
/// to replay cut into parts of consecutive records, on every core.
fn search_contents(
    args: &SearchArgs,
    query: &Query,
    db: &mut Database<FileBytes>,
) -> Result<SearchHits, String> {
    let openings = Openings::builtin();
    let plan = HeaderIndex::new(db)
        .plan_search(db, query, Some(&openings), &mut |_, _| {})
        .map_err(|e| e.to_string())?;
    let games = plan.len() as u64;
    let mut parts = Vec::new();
    threads::in_order(
        args.threads.threads(games),
        args.threads.chunks(games),
        db,
        dbfiles::again,
        |db, part| {
            let part = part.start as usize..part.end as usize;
            plan.search_part(db, query, Some(&openings), part, &mut |_, _| {
                ControlFlow::Continue(())
            })
        },
        |part| {
            parts.push(part.map_err(|e| e.to_string())?);
            Ok(())
        },
    )?;
    Ok(plan.finish(parts))
}

/// The query of the flags: the header filters ([`HeaderFilters`], as
/// `cadb find` has them), and the expressions parsed
/// by [`Query::set_expressions`] (a bad one names its flag's field, the
/// token and what was expected).
fn query(a: &SearchArgs) -> Result<Query, String> {
    let mut q = a.filters.clone().query()?;
    q.set_expressions(&Expressions {
        material: a.material.as_deref(),
        pattern: a.pattern.as_deref(),
        maneuver: a.maneuver.as_deref(),
        comment: a.comment.as_deref(),
        opening: a.opening.as_deref(),
        nag: a.nag,
        has_eval: a.has_eval,
        eval_swing: a.eval_swing,
    })
    .map_err(|e| e.to_string())?;
    if q == Query::default() && a.fen.is_none() {
        return Err("give --fen or a condition (--material, --pattern, ...)".into());
    }
    Ok(q)
}
