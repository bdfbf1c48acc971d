//! The id arrays `.a01` (§4.6) and A02 (§6): which id holds what, before
//! the data files are laid out. Redirection chains of any length, ids that
//! no game uses, and ids at random positions.

use alloc::{vec, vec::Vec};

use super::{
    layout::{Sink, Stray},
    rng::Rng,
};
use crate::ca::format::emb::Link;

/// One id of an array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// The real id of item `i` (a list entry, a game): it holds its address.
    Real(usize),
    /// Redirects to this id (stored as `-id`). Never 0: `-0` reads as
    /// address 0 (Q6).
    Alias(u32),
    /// Holds 0 and is used by nobody (A02's ids below the first GameID).
    Empty,
    /// An id no game uses, holding an address chosen once the data file is
    /// laid out.
    Unused(Stray),
}

/// Appends a chain of `steps` new ids ending at `target`; returns its head.
pub(crate) fn chain(slots: &mut Vec<Slot>, target: u32, steps: usize) -> u32 {
    let mut head = target;
    for _ in 0..steps {
        slots.push(Slot::Alias(head));
        head = (slots.len() - 1) as u32;
    }
    head
}

/// The chains `long_chains` adds over `items`, as (item, steps): item
/// `long` gets 20–60 steps (and, with `several`, a 1-step and a 2–10-step
/// chain too); each other item, one time in three, 1 step or 2–10 steps.
pub(crate) fn plan_chains(
    items: core::ops::Range<usize>,
    long: usize,
    several: bool,
    rng: &mut Rng,
) -> Vec<(usize, usize)> {
    let mut out = vec![(long, rng.range(20, 60))];
    if several {
        out.push((long, 1));
        out.push((long, rng.range(2, 10)));
    }
    for i in items.filter(|&i| i != long) {
        if rng.one_in(3) {
            out.push((i, if rng.one_in(2) { 1 } else { rng.range(2, 10) }));
        }
    }
    out
}

/// Appends ids no game uses: one of each [`Stray`] kind, 0–2 more of random
/// kinds, and chains of 1–5 steps to the `Zero` one and to a random one.
/// Returns how many ids were added.
pub(crate) fn add_unused(slots: &mut Vec<Slot>, rng: &mut Rng) -> usize {
    const KINDS: [Stray; 4] = [Stray::Zero, Stray::InJunk, Stray::InRecord, Stray::PastEnd];
    let start = slots.len();
    slots.extend(KINDS.map(Slot::Unused));
    for _ in 0..rng.below(3) {
        slots.push(Slot::Unused(KINDS[rng.below(4) as usize]));
    }
    let strays = slots.len() - start;
    for target in [start, start + rng.below(strays as u64) as usize] {
        chain(slots, target as u32, rng.range(1, 5));
    }
    slots.len() - start
}

/// Moves the ids to random positions (all but id 0 when `keep_first`);
/// returns the new id of each old one. No redirection may name id 0, so
/// an id nobody redirects to is put there.
pub(crate) fn scatter(slots: &mut Vec<Slot>, keep_first: bool, rng: &mut Rng) -> Vec<u32> {
    let n = slots.len();
    let mut new_of: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut new_of[usize::from(keep_first).min(n)..]);
    let mut target = vec![false; n];
    for s in slots.iter() {
        if let Slot::Alias(t) = *s {
            target[t as usize] = true;
        }
    }
    debug_assert!(
        !keep_first || n == 0 || !target[0],
        "id 0 is kept and a target"
    );
    if let Some(at0) = new_of.iter().position(|&v| v == 0)
        && target[at0]
    {
        // A chain's head is never a target, and there is one if any id is.
        let free = (0..n).find(|&j| !target[j]).expect("a chain head");
        new_of.swap(at0, free);
    }
    let mut out = vec![Slot::Empty; n];
    for (old, s) in slots.iter().enumerate() {
        out[new_of[old] as usize] = match *s {
            Slot::Alias(t) => Slot::Alias(new_of[t as usize]),
            s => s,
        };
    }
    *slots = out;
    new_of
}

/// Steps of the longest redirection chain.
pub(crate) fn longest_chain(slots: &[Slot]) -> usize {
    let mut depth: Vec<Option<usize>> = vec![None; slots.len()];
    let mut path = Vec::new();
    for start in 0..slots.len() {
        let mut id = start;
        let base = loop {
            if let Some(d) = depth[id] {
                break d;
            }
            match slots[id] {
                Slot::Alias(t) => {
                    path.push(id);
                    id = t as usize;
                }
                _ => {
                    depth[id] = Some(0);
                    break 0;
                }
            }
        };
        for (k, &p) in path.iter().rev().enumerate() {
            depth[p] = Some(base + k + 1);
        }
        path.clear();
    }
    depth.into_iter().flatten().max().unwrap_or(0)
}

/// Redirecting ids.
pub(crate) fn redirections(slots: &[Slot]) -> usize {
    slots.iter().filter(|s| matches!(s, Slot::Alias(_))).count()
}

/// Whether the real ids, in id order, have their records out of address order.
pub(crate) fn out_of_order(slots: &[Slot], address: &[u32]) -> bool {
    let mut reals = slots.iter().filter_map(|s| match *s {
        Slot::Real(i) => Some(address[i]),
        _ => None,
    });
    let Some(mut last) = reals.next() else {
        return false;
    };
    reals.any(|a| {
        let before = a < last;
        last = a;
        before
    })
}

/// The array's bytes: real ids hold `address[item]`, unused ids an address
/// in `file` of their kind.
pub(crate) fn array_bytes(slots: &[Slot], address: &[u32], file: &Sink, rng: &mut Rng) -> Vec<u8> {
    slots
        .iter()
        .flat_map(|s| {
            match *s {
                Slot::Real(i) => Link::Address(address[i]),
                Slot::Alias(t) => Link::Redirect(t),
                Slot::Empty => Link::Address(0),
                Slot::Unused(kind) => Link::Address(file.stray(kind, rng)),
            }
            .to_i32()
            .to_le_bytes()
        })
        .collect()
}
