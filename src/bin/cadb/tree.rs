//! `cadb tree`: an opening tree from games (a Chess Assistant database, PGN,
//! or a saved `CADBTREE` file), shown for one position and optionally saved
//! as 64-bit records.

use std::path::PathBuf;
use std::process::ExitCode;

use cadb::limits::Limits;
use cadb::stats::{
    DEFAULT_MAX_PLIES, MoveEntry, OpeningTree, TREE_MAGIC, TreeBuild, TreeBuilder, TreeFile, Wdl,
};

use crate::{
    dbfiles,
    threads::{self, ThreadsOption},
};

#[derive(clap::Args)]
pub struct TreeArgs {
    /// The games: a database (DB), a PGN file, or a tree saved with --out
    #[arg(value_name = "DB|games.pgn|tree.cadbtree")]
    input: PathBuf,
    /// The position to show [default: the start position]
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// How many plies of each game go into the tree
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_PLIES)]
    plies: usize,
    /// Also save the tree to FILE as 64-bit records (CADBTREE)
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    text: dbfiles::TextOption,
    #[command(flatten)]
    threads: ThreadsOption,
}

pub fn run(args: TreeArgs) -> Result<ExitCode, String> {
    let TreeArgs {
        input,
        fen,
        plies,
        out,
        text,
        threads,
    } = args;
    let path = input.as_path();
    let shown = input.display();
    let fen = fen.as_deref().unwrap_or(START_FEN);
    if dbfiles::is_database(path) {
        let (mut tree, build, [opened, databases]) =
            database_tree(path, text.encoding, plies, threads)?;
        let from = match (opened, databases) {
            (_, 1) => String::new(),
            (o, n) if o == n => format!("{n} databases of "),
            (o, n) => format!("{o} of {n} databases of "),
        };
        let mut summary = format!(
            "{} games ({} skipped) from {from}{shown}, first {plies} plies each",
            tree.games(),
            build.skipped
        );
        if build.left_out > 0 {
            summary += &format!(
                "; {} more games left out: the tree reached its limit of {} entries",
                build.left_out,
                Limits::default().max_tree_entries
            );
        }
        let shown = show(
            &tree_entries(&mut tree, fen)?,
            &summary,
            fen,
            out,
            &tree.to_bytes(),
        );
        // A database of the folder that did not open (named above).
        return if opened < databases {
            shown.map(|_| ExitCode::from(1))
        } else {
            shown
        };
    }
    let bytes = std::fs::read(path).map_err(|e| format!("reading {shown}: {e}"))?;

    let (entries, saved, summary) = if bytes.starts_with(TREE_MAGIC) {
        let file = TreeFile::from_bytes(&bytes).map_err(|e| format!("{shown}: {e}"))?;
        let entries = file.query_fen(fen).map_err(|e| e.to_string())?;
        let summary = format!("{} positions in {shown}", file.positions());
        (entries, bytes, summary)
    } else {
        let mut tree = OpeningTree::with_max_plies(plies);
        let mut skipped = 0usize;
        for game in cadb::game::import::read_pgn_bytes(&bytes) {
            let added = game
                .map_err(|e| e.to_string())
                .and_then(|g| tree.add_game(&g).map_err(|e| e.to_string()));
            if let Err(e) = added {
                warn!("cadb: skipped: {e}");
                skipped += 1;
            }
        }
        let summary = format!(
            "{} games ({skipped} skipped), first {plies} plies each",
            tree.games()
        );
        (tree_entries(&mut tree, fen)?, tree.to_bytes(), summary)
    };
    show(&entries, &summary, fen, out, &saved)
}

/// The tree of a database (a .CDP or a folder of one), or of every
/// database of a folder of several, joined: the same tree as one database
/// of all their games. When the joined tree would pass its limit of
/// entries, the databases from that one on are left out, whole.
fn database_tree(
    path: &std::path::Path,
    encoding: Option<cadb::text::TextEncoding>,
    plies: usize,
    threads: ThreadsOption,
) -> Result<(OpeningTree, TreeBuild, [usize; 2]), String> {
    let members = dbfiles::archive(path)?;
    let limits = Limits::default();
    let mut all: Option<(OpeningTree, TreeBuild)> = None;
    let mut opened = 0;
    for m in &members {
        let Some(mut db) = dbfiles::open_or_skip(m, members.len(), encoding)? else {
            continue;
        };
        opened += 1;
        let one = one_tree(&mut db, plies, &threads, &limits)?;
        all = Some(match all {
            None => one,
            Some((tree, mut build)) if build.left_out > 0 => {
                build.left_out += db.count();
                (tree, build)
            }
            // Under the limit whatever the two share: joined at once.
            Some(before) if before.0.len() + one.0.len() < limits.max_tree_entries => {
                TreeBuilder::join([before, one], &limits).ok_or("a join under the limit failed")?
            }
            Some(before) => {
                let kept = (before.0.clone(), before.1);
                TreeBuilder::join([before, one], &limits).unwrap_or_else(|| {
                    let (tree, mut build) = kept;
                    build.left_out += db.count();
                    (tree, build)
                })
            }
        });
    }
    let (tree, build) = all.ok_or("no database opened")?;
    Ok((tree, build, [opened, members.len()]))
}

/// One database's tree, its records in parts on every core.
fn one_tree(
    db: &mut cadb::ca::Database<cadb::bytes::FileBytes>,
    plies: usize,
    threads: &ThreadsOption,
    limits: &Limits,
) -> Result<(OpeningTree, TreeBuild), String> {
    let parts = TreeBuilder::new(db, plies, limits).split(threads.threads(db.count()));
    let built = threads::each(db, dbfiles::again, parts, |db, mut part| {
        part.step(db, |_| false);
        part.finish()
    })?;
    Ok(TreeBuilder::join(built, limits)
        .unwrap_or_else(|| OpeningTree::of_database(db, plies, limits)))
}

fn tree_entries(tree: &mut OpeningTree, fen: &str) -> Result<Vec<MoveEntry>, String> {
    tree.compact();
    tree.query_fen(fen).map_err(|e| e.to_string())
}

/// Prints the summary and table, and writes the records if asked.
fn show(
    entries: &[MoveEntry],
    summary: &str,
    fen: &str,
    out: Option<PathBuf>,
    saved: &[u8],
) -> Result<ExitCode, String> {
    say!("{summary}");
    say!("position: {fen}");
    if entries.is_empty() {
        say!("no moves recorded for this position");
    } else {
        say_raw!("{}", table(entries));
    }
    if let Some(out) = out {
        let shown = out.display();
        std::fs::write(&out, saved).map_err(|e| format!("writing {shown}: {e}"))?;
        warn!("wrote {} bytes to {shown}", saved.len());
    }
    Ok(ExitCode::SUCCESS)
}

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// An aligned table: move left, numbers right.
fn table(entries: &[MoveEntry]) -> String {
    let head = [
        "move", "uci", "games", "white%", "draw%", "black%", "elo W", "elo B", "diff", "weight",
    ];
    let rows: Vec<Vec<String>> = entries.iter().map(row).collect();
    let widths: Vec<usize> = (0..head.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain([head[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for r in std::iter::once(head.map(String::from).to_vec()).chain(rows) {
        let cells: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(c, s)| {
                if c < 2 {
                    format!("{s:<w$}", w = widths[c])
                } else {
                    format!("{s:>w$}", w = widths[c])
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}

fn row(e: &MoveEntry) -> Vec<String> {
    let pct = |k: u64, n: u64| format!("{:.1}", 100.0 * k as f64 / n as f64);
    let dash = || "-".to_string();
    // Exact counts from games; a file keeps one outcome's percentage only.
    let [w, d, l] = match e.results {
        Some([w, d, l]) if w + d + l > 0 => {
            [pct(w, w + d + l), pct(d, w + d + l), pct(l, w + d + l)]
        }
        Some(_) => [dash(), dash(), dash()],
        // Win(0) is what the writer stores when no game has a known result.
        None if e.wdl == Wdl::Win(0) => [dash(), dash(), dash()],
        None => {
            let p = e.wdl.percent().to_string();
            match e.wdl {
                Wdl::Win(_) => [p, dash(), dash()],
                Wdl::Draw(_) => [dash(), p, dash()],
                Wdl::Loss(_) => [dash(), dash(), p],
            }
        }
    };
    let opt = |v: Option<String>| v.unwrap_or_else(dash);
    vec![
        e.san.clone(),
        e.uci.clone(),
        e.count.to_string(),
        w,
        d,
        l,
        opt(e.white_elo.map(|v| v.to_string())),
        opt(e.black_elo.map(|v| v.to_string())),
        opt(e.elo_diff.map(|v| format!("{v:+}"))),
        e.weight.to_string(),
    ]
}
