//! An archive's merge in pieces between Workers (the page's pool of
//! helpers, issue 48): a helper reads one database's [`Keys`] and hands
//! them over as bytes ([`keys_to_bytes`]); the Worker that plans joins
//! them ([`keys_from_bytes`]), finds the copies, and hands each helper its
//! database's share of the [`Merge`] ([`share_to_bytes`],
//! [`share_from_bytes`]) to export with. Little-endian throughout; what a
//! reader refuses is named with its byte offset, and nothing it is given
//! makes it panic, or allocate more than 8 bytes for each byte given.

use alloc::{collections::BTreeMap, format, string::String, vec::Vec};

use super::{Duplicates, Key, Keys, Merge};
use crate::{error::Error, game::GameResult};

/// What [`keys_to_bytes`] writes first.
const KEYS_MAGIC: &str = "CAK1";
/// What [`share_to_bytes`] writes first.
const SHARE_MAGIC: &str = "CAM1";

/// One key's bytes: flags, result, year, score, the two hashes, and its
/// main line's plies (the moves follow every key).
const KEY_BYTES: usize = 1 + 1 + 2 + 4 + 16 + 16 + 4;

/// Flags of a key: the players known, the year known, the game whole.
const HAS_PLAYERS: u8 = 1;
const HAS_YEAR: u8 = 2;
const WHOLE: u8 = 4;

/// `keys` as bytes: `CAK1`, the count, each key in [`KEY_BYTES`], then
/// every main line in order, 2 bytes a ply.
///
/// ```
/// use cadb::archive::{Key, Keys, wire};
/// use cadb::game::GameResult::WhiteWins;
/// let mut keys = Keys::new();
/// keys.push(Key::new(Some(7), WhiteWins, Some(1998), 3), &[1, 2, 3]);
/// keys.push(Key::new(None, WhiteWins, None, 0), &[]);
/// let back = wire::keys_from_bytes(&wire::keys_to_bytes(&keys)).unwrap();
/// assert_eq!((back.len(), back.line(0), back.get(1)), (2, &[1, 2, 3][..], keys.get(1)));
/// ```
pub fn keys_to_bytes(keys: &Keys) -> Vec<u8> {
    let plies: usize = (0..keys.len()).map(|i| keys.line(i).len()).sum();
    let mut out = Vec::with_capacity(8 + keys.len() * KEY_BYTES + plies * 2);
    put(&mut out, KEYS_MAGIC.as_bytes());
    put(&mut out, &(keys.len() as u32).to_le_bytes());
    for i in 0..keys.len() {
        let k = keys.get(i);
        let flags = if k.players.is_some() { HAS_PLAYERS } else { 0 }
            | if k.year.is_some() { HAS_YEAR } else { 0 }
            | if k.whole { WHOLE } else { 0 };
        put(&mut out, &[flags, k.result.index()]);
        put(&mut out, &k.year.unwrap_or(0).to_le_bytes());
        put(&mut out, &k.score.to_le_bytes());
        put(&mut out, &k.players.unwrap_or(0).to_le_bytes());
        put(&mut out, &k.text.to_le_bytes());
        put(&mut out, &(keys.line(i).len() as u32).to_le_bytes());
    }
    for i in 0..keys.len() {
        for m in keys.line(i) {
            put(&mut out, &m.to_le_bytes());
        }
    }
    out
}

/// The keys [`keys_to_bytes`] wrote.
pub fn keys_from_bytes(bytes: &[u8]) -> Result<Keys, Error> {
    let mut r = Reader::new(bytes, "duplicate keys");
    r.magic(KEYS_MAGIC)?;
    let count = r.u32()? as usize;
    let heads = r.take(count.checked_mul(KEY_BYTES), "a key for each game")?;
    let mut keys = Keys::new();
    for head in heads.chunks_exact(KEY_BYTES) {
        let at = 8 + keys.len() * KEY_BYTES;
        let mut h = Reader::new(head, "duplicate keys");
        let [flags, result] = h.array::<2>()?;
        if flags & !(HAS_PLAYERS | HAS_YEAR | WHOLE) != 0 {
            return Err(r.error_at(at, "flags of 1, 2 and 4 only"));
        }
        let result = *GameResult::ALL
            .get(usize::from(result))
            .ok_or_else(|| r.error_at(at + 1, "a result of 0 to 3"))?;
        let year = u16::from_le_bytes(h.array()?);
        let score = u32::from_le_bytes(h.array()?);
        let players = u128::from_le_bytes(h.array()?);
        let text = u128::from_le_bytes(h.array()?);
        let plies = u32::from_le_bytes(h.array()?) as usize;
        let line = r.take(plies.checked_mul(2), "a main line's moves")?;
        let line: Vec<u16> = line
            .chunks_exact(2)
            .map(|m| u16::from_le_bytes([m[0], m[1]]))
            .collect();
        let mut key = Key::new(
            (flags & HAS_PLAYERS != 0).then_some(players),
            result,
            (flags & HAS_YEAR != 0).then_some(year),
            score,
        );
        key.text = text;
        key.whole = flags & WHOLE != 0;
        keys.push(key, &line);
    }
    r.end()?;
    Ok(keys)
}

/// Database `k`'s share of `merge`, for a database of `games` games: which
/// of its games are written, and the [`COPIES_TAG`](super::merge::COPIES_TAG)
/// of each kept game that stands for copies, numbered within it. `None`
/// when its keys were not read from a database of `games` games (it is
/// written whole, as [`Merge::base`] says).
///
/// ```
/// use cadb::archive::{Key, Keys, Merge, wire};
/// use cadb::game::GameResult::WhiteWins;
/// let mut keys = Keys::new();
/// keys.push(Key::new(Some(7), WhiteWins, Some(1998), 0), &[1, 2, 3]);
/// keys.push(Key::new(Some(7), WhiteWins, Some(1998), 1), &[1, 2, 3]);
/// let plan = Merge::plan(keys, vec![Some((0, 1)), Some((1, 1))], &["A", "B"]);
/// let b = wire::share_from_bytes(&wire::share_to_bytes(&plan, 1, 1).unwrap()).unwrap();
/// assert_eq!((b.keep.as_slice(), b.copies[&0].as_str(), b.base(0, 1)), (&[true][..], "A game 0", Some(0)));
/// assert!(wire::share_to_bytes(&plan, 1, 2).is_none());
/// ```
pub fn share_to_bytes(merge: &Merge, k: usize, games: u64) -> Option<Vec<u8>> {
    let base = merge.base(k, games)?;
    let n = usize::try_from(games).ok()?;
    let keep = merge.keep.get(base..base.checked_add(n)?)?;
    let end = u32::try_from(base + n).ok()?;
    let copies = merge.copies.range(u32::try_from(base).ok()?..end);
    let mut out = Vec::new();
    put(&mut out, SHARE_MAGIC.as_bytes());
    put(&mut out, &(n as u32).to_le_bytes());
    out.extend(
        keep.chunks(8).map(|bits| {
            (bits.iter().enumerate()).fold(0u8, |b, (i, &kept)| b | u8::from(kept) << i)
        }),
    );
    put(&mut out, &(copies.clone().count() as u32).to_le_bytes());
    for (&g, text) in copies {
        put(&mut out, &(g - base as u32).to_le_bytes());
        put(&mut out, &(text.len() as u32).to_le_bytes());
        put(&mut out, text.as_bytes());
    }
    Some(out)
}

/// The share [`share_to_bytes`] wrote, as a merge of one database (its
/// first key 0).
pub fn share_from_bytes(bytes: &[u8]) -> Result<Merge, Error> {
    let mut r = Reader::new(bytes, "a database's share of a merge");
    r.magic(SHARE_MAGIC)?;
    let games = r.u32()? as usize;
    let bits = r.take(Some(games.div_ceil(8)), "a bit for each game")?;
    let keep = (0..games)
        .map(|g| bits[g / 8] >> (g % 8) & 1 == 1)
        .collect();
    let mut copies = BTreeMap::new();
    for _ in 0..r.u32()? {
        let at = r.at;
        let g = r.u32()?;
        if g as usize >= games || copies.contains_key(&g) {
            return Err(r.error_at(at, "each game once, below the count"));
        }
        let len = r.u32()? as usize;
        let text = r.take(Some(len), "a tag's text")?;
        let text = core::str::from_utf8(text).map_err(|_| r.error_at(r.at - len, "UTF-8 text"))?;
        copies.insert(g, String::from(text));
    }
    r.end()?;
    Ok(Merge {
        keep,
        duplicates: Duplicates::default(),
        spans: alloc::vec![Some((0, games as u64))],
        copies,
    })
}

/// Appends `bytes`: one call, not a growth check inlined at each field
/// (the module is fetched by every visit).
#[inline(never)]
fn put(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(bytes);
}

/// A cursor over bytes that names what it missed and where.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    what: &'static str,
}

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8], what: &'static str) -> Reader<'a> {
        Reader { bytes, at: 0, what }
    }

    fn error_at(&self, at: usize, expected: &str) -> Error {
        Error::argument(format!("{}: expected {expected} at byte {at}", self.what))
    }

    /// The next `n` bytes (`None`: more than any input holds).
    fn take(&mut self, n: Option<usize>, expected: &str) -> Result<&'a [u8], Error> {
        let end = n.and_then(|n| self.at.checked_add(n));
        let got = end.and_then(|end| self.bytes.get(self.at..end));
        let got = got.ok_or_else(|| self.error_at(self.at, expected))?;
        self.at += got.len();
        Ok(got)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], Error> {
        let b = self.take(Some(N), "more bytes")?;
        Ok(b.try_into().unwrap_or([0; N]))
    }

    fn u32(&mut self) -> Result<u32, Error> {
        Ok(u32::from_le_bytes(self.array()?))
    }

    fn magic(&mut self, magic: &str) -> Result<(), Error> {
        if self.take(Some(magic.len()), "more bytes")? != magic.as_bytes() {
            return Err(self.error_at(0, &format!("\"{magic}\"")));
        }
        Ok(())
    }

    fn end(&self) -> Result<(), Error> {
        if self.at != self.bytes.len() {
            return Err(self.error_at(self.at, "the end"));
        }
        Ok(())
    }
}
