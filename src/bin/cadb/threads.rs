//! Whole-database passes on every core: the games cut into chunks, each
//! chunk done by whichever thread is free, the results taken in chunk
//! order. What a command prints is the same for any number of threads.

use std::{
    collections::BTreeMap,
    num::NonZeroUsize,
    ops::Range,
    sync::{Condvar, Mutex, mpsc},
};

/// `--threads N`, for the commands that pass over every game.
#[derive(clap::Args, Clone, Copy)]
pub struct ThreadsOption {
    /// Threads to use (1: all in this one) [default: one a core, up to 8;
    /// 1 under 20,000 games]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// Games a chunk (for tests: small chunks make many)
    #[arg(long, value_name = "N", hide = true, value_parser = clap::value_parser!(u64).range(1..))]
    chunk_games: Option<u64>,
}

/// Below this many games a pass stays on one thread: opening the
/// database again for each thread would cost more than it saves.
const MANY_GAMES: u64 = 20_000;

/// Games a chunk: about 1 MB of PGN of annotated games, small enough that
/// the threads end together and the chunks waiting to be written are few.
const CHUNK_GAMES: u64 = 1024;

/// Chunks done ahead of the one being written, a thread: what bounds the
/// memory the results take while one slow chunk holds up the rest.
const AHEAD_PER_THREAD: u64 = 2;

impl ThreadsOption {
    /// The threads a pass over `games` games uses.
    pub fn threads(&self, games: u64) -> usize {
        match self.threads {
            Some(n) => usize::from(n),
            None if games < MANY_GAMES => 1,
            None => std::thread::available_parallelism()
                .map_or(1, NonZeroUsize::get)
                .min(8),
        }
    }

    /// The chunks of `0..games`.
    pub fn chunks(&self, games: u64) -> Chunks {
        Chunks {
            games,
            size: self.chunk_games(),
        }
    }

    /// Games a chunk.
    pub fn chunk_games(&self) -> u64 {
        self.chunk_games.unwrap_or(CHUNK_GAMES)
    }
}

/// `0..games` in chunks of `size` games.
#[derive(Clone, Copy)]
pub struct Chunks {
    games: u64,
    size: u64,
}

impl Chunks {
    fn len(&self) -> u64 {
        self.games.div_ceil(self.size)
    }

    fn get(&self, k: u64) -> Range<u64> {
        k * self.size..((k + 1) * self.size).min(self.games)
    }
}

/// Runs `work` on each chunk and hands its result to `take`, chunk by
/// chunk in order. With one thread everything happens in this one, on
/// `first`. Else `threads` threads each work on a state of their own:
/// the first on `first` (lent), the others on what `again` makes of it
/// first (the database over handles of its own: a reader is not shared
/// between threads). Stops at the first error of `again` or `take`.
pub fn in_order<S: Send, T: Send>(
    threads: usize,
    chunks: Chunks,
    first: &mut S,
    again: impl Fn(&S) -> Result<S, String>,
    work: impl Fn(&mut S, Range<u64>) -> T + Sync,
    mut take: impl FnMut(T) -> Result<(), String>,
) -> Result<(), String> {
    if threads <= 1 || chunks.len() <= 1 {
        return (0..chunks.len()).try_for_each(|k| take(work(first, chunks.get(k))));
    }
    let mut others = (1..threads)
        .map(|_| again(first))
        .collect::<Result<Vec<S>, String>>()?;
    let ahead = AHEAD_PER_THREAD * threads as u64;
    let turn = Mutex::new(Turn::default());
    let turned = Condvar::new();
    let (send, done) = mpsc::channel::<(u64, T)>();
    std::thread::scope(|scope| {
        for state in std::iter::once(first).chain(&mut others) {
            let send = send.clone();
            let (turn, turned, work) = (&turn, &turned, &work);
            scope.spawn(move || {
                while let Some(k) = next_chunk(turn, turned, chunks.len(), ahead) {
                    if send.send((k, work(state, chunks.get(k)))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(send);
        let taken = take_in_order(&done, chunks.len(), |k, result| {
            take(result)?;
            turn.lock().expect("no thread panics holding it").taken = k + 1;
            turned.notify_all();
            Ok(())
        });
        // Stop the others, whether this ended well or not.
        turn.lock().expect("no thread panics holding it").stop = true;
        turned.notify_all();
        drop(done);
        taken
    })
}

/// Runs `work` on each of `parts`, each on a thread of its own, and
/// returns their results in order: the first part in this thread on
/// `first`, the others on what `again` makes of it first (for a pass that
/// cuts its work into one part a thread itself, as the opening tree does).
pub fn each<S: Send, P: Send, T: Send>(
    first: &mut S,
    again: impl Fn(&S) -> Result<S, String>,
    parts: Vec<P>,
    work: impl Fn(&mut S, P) -> T + Sync,
) -> Result<Vec<T>, String> {
    let mut parts = parts.into_iter();
    let Some(head) = parts.next() else {
        return Ok(Vec::new());
    };
    let others = parts
        .map(|part| Ok((again(first)?, part)))
        .collect::<Result<Vec<(S, P)>, String>>()?;
    let work = &work;
    std::thread::scope(|scope| {
        let others: Vec<_> = others
            .into_iter()
            .map(|(mut state, part)| scope.spawn(move || work(&mut state, part)))
            .collect();
        let mut done = vec![work(first, head)];
        for other in others {
            done.push(other.join().expect("panics abort"));
        }
        Ok(done)
    })
}

/// Where the threads are: the next chunk to start, and how many the
/// writer has taken.
#[derive(Default)]
struct Turn {
    next: u64,
    taken: u64,
    stop: bool,
}

/// The next chunk for a thread, once it is fewer than `ahead` chunks
/// ahead of the writer; `None` when every chunk is started or the pass
/// stops.
fn next_chunk(turn: &Mutex<Turn>, turned: &Condvar, chunks: u64, ahead: u64) -> Option<u64> {
    let mut t = turn.lock().expect("no thread panics holding it");
    while !t.stop && t.next < chunks && t.next >= t.taken + ahead {
        t = turned.wait(t).expect("no thread panics holding it");
    }
    if t.stop || t.next >= chunks {
        return None;
    }
    t.next += 1;
    Some(t.next - 1)
}

/// Takes `chunks` results from `done` in chunk order, holding the ones
/// that come early.
fn take_in_order<T>(
    done: &mpsc::Receiver<(u64, T)>,
    chunks: u64,
    mut take: impl FnMut(u64, T) -> Result<(), String>,
) -> Result<(), String> {
    let mut early = BTreeMap::new();
    let mut want = 0;
    while want < chunks {
        let Ok((k, result)) = done.recv() else {
            return Err("a thread stopped before its chunk was done".into());
        };
        early.insert(k, result);
        while let Some(result) = early.remove(&want) {
            take(want, result)?;
            want += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every chunk once, in order, whatever the threads and sizes; each
    /// thread's state is its own.
    #[test]
    fn results_come_in_chunk_order() {
        for threads in [1, 2, 3, 8] {
            for (games, size) in [(0, 4), (1, 4), (10, 3), (100, 1), (1000, 7)] {
                let chunks = Chunks { games, size };
                let mut got = Vec::new();
                in_order(
                    threads,
                    chunks,
                    &mut 0u64,
                    |_| Ok(0),
                    |seen, r| {
                        *seen += 1;
                        // Uneven work, so the threads finish out of turn.
                        std::thread::sleep(std::time::Duration::from_micros(r.start % 5 * 50));
                        r.collect::<Vec<_>>()
                    },
                    |r| {
                        got.extend(r);
                        Ok(())
                    },
                )
                .unwrap();
                assert_eq!(got, (0..games).collect::<Vec<_>>(), "{threads} threads");
            }
        }
    }

    #[test]
    fn each_part_on_its_own_state_in_order() {
        let got = each(
            &mut 100,
            |first| Ok(first - 100),
            (0..5).collect(),
            |state, p: i32| {
                *state += 1;
                (p, *state)
            },
        );
        assert_eq!(got, Ok(vec![(0, 101), (1, 1), (2, 1), (3, 1), (4, 1)]));
        let failed = each(&mut 0, |_| Err("no file".into()), vec![1, 2], |_, p: i32| p);
        assert_eq!(failed, Err("no file".into()));
    }

    #[test]
    fn an_error_stops_the_pass() {
        let chunks = Chunks {
            games: 1000,
            size: 1,
        };
        let mut taken = 0;
        let e = in_order(
            3,
            chunks,
            &mut (),
            |_| Ok(()),
            |_, r| r.start,
            |k| {
                taken += 1;
                if k == 10 { Err("full".into()) } else { Ok(()) }
            },
        );
        assert_eq!(e, Err("full".into()));
        assert_eq!(taken, 11);
        let e = in_order(
            2,
            chunks,
            &mut (),
            |_| Err("no file".into()),
            |_, _| (),
            |()| Ok(()),
        );
        assert_eq!(e, Err("no file".into()));
    }
}
