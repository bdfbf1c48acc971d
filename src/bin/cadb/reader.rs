//! A thread's database for a pass over games in game order (`cadb pgn`,
//! the duplicates' keys): where a shuffled D02's records lie, found once
//! and shared, so each chunk reads its records first, in file order, a
//! record a read (`Database::in_game_order_with`), not a block a game.

use std::{convert::Infallible, ops::Range, sync::Arc};

use cadb::{
    bytes::FileBytes,
    ca::{Database, RecordSpans},
};

use crate::dbfiles;

/// The records a chunk holds in memory at once, at most: a chunk's worth
/// of annotated games (about 1 MB), in a few windows if its games are
/// longer.
const HOLD_BYTES: usize = 4 << 20;

/// A thread's database, and where its records lie in D02 when that pays
/// (8 bytes a game, shared by the threads).
pub struct Reader {
    pub db: Database<FileBytes>,
    spans: Option<Arc<RecordSpans>>,
}

impl Reader {
    /// `db` for a pass over `games`, in chunks of `chunk` games. Where its
    /// records lie is found for a D02 read as needed (one read whole needs
    /// no holding) whose first chunk's records are out of game order
    /// (finding every span of a database in order cost 2–3% of `cadb pgn`).
    pub fn new(db: Database<FileBytes>, games: &Range<u64>, chunk: u64) -> Reader {
        let lazy = matches!(db.files().d02, FileBytes::Lazy(_));
        let sample = games.start..games.end.min(games.start.saturating_add(chunk));
        let shuffled = lazy && games.end - games.start > 1 && !db.records_in_game_order(sample);
        let spans = shuffled.then(|| db.record_spans().map(Arc::new)).flatten();
        Reader { db, spans }
    }

    /// The same for another thread: the database opened again
    /// (`dbfiles::again`), the spans shared.
    pub fn again(&self) -> Result<Reader, String> {
        Ok(Reader {
            db: dbfiles::again(&self.db)?,
            spans: self.spans.clone(),
        })
    }

    /// Calls `f` with each game of `games`, in order, their records held
    /// first when the spans were found (game numbers past 32 bits are read
    /// as they come).
    pub fn each(&self, games: Range<u64>, mut f: impl FnMut(u64)) {
        let list: Option<Vec<u32>> = self
            .spans
            .as_ref()
            .and_then(|_| games.clone().map(|i| u32::try_from(i).ok()).collect());
        match list {
            Some(list) => {
                let spans = self.spans.as_deref();
                let _ = self.db.in_game_order_with::<Infallible>(
                    spans,
                    Some(&list),
                    HOLD_BYTES,
                    |_, i| {
                        f(i);
                        Ok(())
                    },
                );
            }
            None => games.for_each(f),
        }
    }
}
