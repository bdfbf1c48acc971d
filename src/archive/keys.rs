//! What the duplicate rule ([`super::dedupe`]) knows of each game: its
//! [`Key`], made by one read of the game. The main lines are kept, two
//! bytes a ply, since a shorter copy is found by comparing moves; names and
//! the whole text are kept as 128-bit hashes.

use alloc::{format, vec::Vec};
use core::ops::ControlFlow;

use shakmaty::{Bitboard, Chess, Move};

use crate::{
    bytes::ReadAt,
    ca::Database,
    error::Error,
    game::{Eval, GameResult, GameVisitor, Headers, Placement, Ply, RawItem, Skip},
};

/// One game as the duplicate rule sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// The players' names (case and spaces ignored) and the start
    /// position, hashed; `None` when a player is unknown ("?" or empty).
    pub players: Option<u128>,
    /// The result.
    pub result: GameResult,
    /// The year, if the date has one.
    pub year: Option<u16>,
    /// How annotated the game is: comments, NAGs, evaluations, diagrams,
    /// and each variation and ply in one.
    pub score: u32,
    /// The whole game hashed (every header, move, comment and variation):
    /// how games with an unknown player are compared. 0 when the players
    /// are known.
    pub text: u128,
    /// Whether the game read whole; a damaged game is nobody's copy.
    pub whole: bool,
    /// Where its main line lies in [`Keys::moves`], and its plies.
    line: (u32, u32),
}

/// The keys of games in order (an archive's, a database's, a chunk's),
/// and their main lines.
#[derive(Clone, Debug, Default)]
pub struct Keys {
    keys: Vec<Key>,
    /// Every main line, a move a `u16` ([`code`]).
    moves: Vec<u16>,
}

impl Keys {
    /// No keys yet.
    pub fn new() -> Keys {
        Keys::default()
    }

    /// Reads game `index` of `db` and adds its key (under the database's
    /// convention policy, as every whole-game reader); a damaged game's
    /// key is added too, not whole, and its error returned.
    ///
    /// ```
    /// use cadb::{archive::Keys, ca::{Database, OpenOptions, writer}};
    /// let games = cadb::game::import::read_pgn(
    ///     "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 {good} *").unwrap();
    /// let (files, _) = writer::write_database(&games, &Default::default()).unwrap();
    /// let db = Database::open(files, OpenOptions::default()).unwrap();
    /// let mut keys = Keys::new();
    /// assert!(keys.read(&db, 0).is_none());
    /// assert_eq!((keys.line(0).len(), keys.get(0).score), (2, 1));
    /// ```
    pub fn read<R: ReadAt>(&mut self, db: &Database<R>, index: u64) -> Option<Error> {
        let start = self.moves.len();
        let reading = db.read_retrying(|convention| {
            self.moves.truncate(start);
            let mut v = KeyVisitor::new(&mut self.moves);
            db.read_game_with(index, convention, &mut v)
        });
        let mut key = reading.output;
        if reading.error.is_some() {
            // The first attempt's moves may have been replaced by the other's.
            self.moves.truncate(start);
            key.whole = false;
        }
        key.line = (start as u32, (self.moves.len() - start) as u32);
        self.keys.push(key);
        reading.error
    }

    /// Adds the keys of the games that follow.
    pub fn append(&mut self, mut more: Keys) {
        let shift = self.moves.len() as u32;
        self.moves.append(&mut more.moves);
        self.keys.extend(more.keys.into_iter().map(|mut k| {
            k.line.0 += shift;
            k
        }));
    }

    /// How many games.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Game `i`'s key.
    pub fn get(&self, i: usize) -> &Key {
        &self.keys[i]
    }

    /// Game `i`'s main line, a move a [`code`].
    pub fn line(&self, i: usize) -> &[u16] {
        let (at, n) = self.keys[i].line;
        &self.moves[at as usize..(at + n) as usize]
    }

    /// The bytes they hold (about 50 a game and 2 a ply).
    pub fn heap_bytes(&self) -> usize {
        self.keys.capacity() * core::mem::size_of::<Key>() + self.moves.capacity() * 2
    }

    /// A key built by hand (for tests of the rule).
    #[doc(hidden)]
    pub fn push(&mut self, mut key: Key, line: &[u16]) {
        key.line = (self.moves.len() as u32, line.len() as u32);
        self.moves.extend_from_slice(line);
        self.keys.push(key);
    }
}

impl Key {
    /// A whole game's key with no main line yet (for tests of the rule).
    #[doc(hidden)]
    pub fn new(players: Option<u128>, result: GameResult, year: Option<u16>, score: u32) -> Key {
        Key {
            players,
            result,
            year,
            score,
            text: 0,
            whole: true,
            line: (0, 0),
        }
    }
}

/// A move as two bytes: from, to and promotion; with the position before
/// it (the same start, the same moves before) they name one move. A null
/// move is 0 (a1 to a1 is no move).
pub fn code(ply: &Ply) -> u16 {
    match ply {
        Ply::Null => 0,
        Ply::Move(m) => {
            let from = m.from().map_or(64, u16::from);
            let promotion = m.promotion().map_or(0, |r| r as u16);
            let put = match m {
                Move::Put { role, .. } => *role as u16,
                _ => 0,
            };
            from | (u16::from(m.to()) << 7) | (promotion.max(put) << 13)
        }
    }
}

/// Makes a [`Key`] from a game's events.
struct KeyVisitor<'m> {
    key: Key,
    moves: &'m mut Vec<u16>,
    players: Fold,
    /// How deep in variations the replay is (0: the main line).
    depth: u32,
    /// Whether the whole text is hashed (a player is unknown).
    all: Option<Fold>,
}

impl<'m> KeyVisitor<'m> {
    fn new(moves: &'m mut Vec<u16>) -> KeyVisitor<'m> {
        KeyVisitor {
            key: Key::new(None, GameResult::Unknown, None, 0),
            moves,
            players: Fold::new(),
            depth: 0,
            all: None,
        }
    }

    fn mark(&mut self, f: impl FnOnce(&mut Fold)) {
        self.key.score += 1;
        if let Some(all) = &mut self.all {
            f(all);
        }
    }
}

impl GameVisitor for KeyVisitor<'_> {
    type Output = Key;
    // A whole-archive pass: its own copy of the replayer (4-7% faster).
    const INLINE_IN_DECODER: bool = cfg!(not(target_arch = "wasm32"));

    fn headers(&mut self, h: &Headers) {
        self.key.result = h.result;
        self.key.year = h.date.year;
        let white = name(h.white.as_deref(), &mut self.players);
        let black = name(h.black.as_deref(), &mut self.players);
        if !(white && black) {
            let mut all = Fold::new();
            all.bytes(format!("{h:?}").as_bytes());
            self.all = Some(all);
        }
    }

    fn setup(&mut self, fen: &str, _pos: &Chess) {
        self.players.bytes(fen.as_bytes());
        if let Some(all) = &mut self.all {
            all.bytes(fen.as_bytes());
        }
    }

    fn ply(&mut self, _before: &Chess, ply: &Ply) -> ControlFlow<()> {
        let c = code(ply);
        if self.depth == 0 {
            self.moves.push(c);
        } else {
            self.key.score += 1;
        }
        if let Some(all) = &mut self.all {
            all.word(u64::from(c));
        }
        ControlFlow::Continue(())
    }

    fn after_ply(&mut self, _after: &Chess, _checkers: Bitboard) {}

    fn comment(&mut self, text: &str, at: Placement) {
        self.mark(|f| {
            f.word(1 + at as u64);
            f.bytes(text.as_bytes());
        });
    }

    fn game_comment(&mut self, text: &str) {
        self.mark(|f| {
            f.word(3);
            f.bytes(text.as_bytes());
        });
    }

    fn nag(&mut self, nag: u8, at: Placement) {
        self.mark(|f| f.word(0x100 | u64::from(nag) | (at as u64) << 9));
    }

    fn eval(&mut self, eval: &Eval) {
        self.mark(|f| f.bytes(format!("{eval:?}").as_bytes()));
    }

    fn diagram(&mut self, at: Placement) {
        self.mark(|f| f.word(4 + at as u64));
    }

    fn raw(&mut self, item: &RawItem) {
        self.mark(|f| {
            f.word(0x200 | u64::from(item.code));
            f.bytes(&item.bytes);
        });
    }

    fn begin_variation(&mut self) -> Skip {
        self.depth += 1;
        self.mark(|f| f.word(6));
        Skip(false)
    }

    fn end_variation(&mut self) {
        self.depth -= 1;
        if let Some(all) = &mut self.all {
            all.word(7);
        }
    }

    fn end_game(&mut self) -> Key {
        let mut key = self.key;
        if let Some(all) = &self.all {
            key.text = all.finish();
        } else {
            key.players = Some(self.players.finish());
        }
        key
    }
}

/// Folds a player's name into `f`, case and spaces ignored; whether the
/// player is known (a name other than "?" or nothing).
fn name(name: Option<&str>, f: &mut Fold) -> bool {
    let mut known = false;
    for c in name.unwrap_or("").chars().filter(|c| !c.is_whitespace()) {
        known |= c != '?';
        if c.is_ascii() {
            f.word(u64::from(c.to_ascii_lowercase()));
        } else {
            for l in c.to_lowercase() {
                f.word(u64::from(u32::from(l)));
            }
        }
    }
    // The end of a name, so "AB" + "C" is not "A" + "BC".
    f.word(u64::MAX);
    known
}

/// A 128-bit hash of what is folded in: two multiply-rotate lanes, each
/// finished by MurmurHash3's mix. Not cryptographic: it tells apart the
/// games of an archive, where two different texts share a hash with a
/// chance of about 2^-100.
#[derive(Clone, Copy, Debug)]
struct Fold(u64, u64);

impl Fold {
    fn new() -> Fold {
        Fold(0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344)
    }

    fn word(&mut self, w: u64) {
        self.0 = (self.0 ^ w)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
        self.1 = (self.1 ^ w.rotate_left(32))
            .wrapping_mul(0xd6e8_feb8_6659_fd93)
            .rotate_left(31);
    }

    fn bytes(&mut self, b: &[u8]) {
        let mut words = b.chunks_exact(8);
        for w in &mut words {
            self.word(u64::from_le_bytes(w.try_into().unwrap_or_default()));
        }
        let mut last = [0u8; 8];
        last[..words.remainder().len()].copy_from_slice(words.remainder());
        self.word(u64::from_le_bytes(last));
        self.word(b.len() as u64);
    }

    fn finish(&self) -> u128 {
        (u128::from(mix(self.0 ^ self.1.rotate_left(17))) << 64) | u128::from(mix(self.1))
    }
}

/// MurmurHash3's 64-bit finaliser: every bit of the input moves every bit
/// of the output.
fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}
