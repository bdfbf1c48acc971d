//! GameIDs, D02 and A02 (§6, §8): where each game's record lies and which
//! id its D00 header stores to reach it.

use alloc::{vec, vec::Vec};

use super::{
    layout::{Frame, Sink},
    links::{self, Slot},
    options::{Tricks, WriteReport, too_large},
    rng::{Rng, TrickRngs},
};
use crate::{
    ca::format::d02::{MAX_RECORD, length_prefix},
    error::{Error, FileKind},
};

/// The D02 and A02 files, and the GameID each D00 header stores.
pub(crate) struct GameFiles {
    pub d02: Vec<u8>,
    pub a02: Vec<u8>,
    pub d00_ids: Vec<u32>,
}

/// Lays out the records `bodies` (in D00 order) and their ids.
pub(crate) fn write(
    bodies: &[&[u8]],
    tricks: &Tricks,
    rng: &mut Rng,
    rngs: &mut TrickRngs,
    report: &mut WriteReport,
) -> Result<GameFiles, Error> {
    let n = bodies.len();
    // GameIDs: plain = D00 index; with redirections, shuffled and offset,
    // some reached through alias ids.
    let mut real_ids: Vec<u32> = (0..n as u32).collect();
    let mut base = 0u32;
    if tricks.redirect_chains {
        rng.shuffle(&mut real_ids);
        base = 1 + rng.below(4) as u32;
    }
    let mut slots = vec![Slot::Empty; base as usize + n];
    let mut d00_ids: Vec<u32> = Vec::with_capacity(n);
    for (i, id) in real_ids.iter_mut().enumerate() {
        *id += base;
        slots[*id as usize] = Slot::Real(i);
        let mut head = *id;
        if tricks.redirect_chains && i % 3 == 1 {
            head = links::chain(&mut slots, head, 1 + rng.below(3) as usize);
            report.redirected_references += 1;
        }
        d00_ids.push(head);
    }
    if tricks.long_chains && n > 0 {
        // The long chain goes to a game D00 reaches directly (game 0 is one),
        // so it is 20–60 steps; other chains extend what D00 stores.
        let direct: Vec<usize> = (0..n).filter(|&i| d00_ids[i] == real_ids[i]).collect();
        let long = direct[rngs.chains.below(direct.len() as u64) as usize];
        for (i, steps) in links::plan_chains(0..n, long, false, &mut rngs.chains) {
            report.redirected_references += usize::from(d00_ids[i] == real_ids[i]);
            d00_ids[i] = links::chain(&mut slots, d00_ids[i], steps);
        }
    }
    if tricks.unused_ids {
        report.unused_ids += links::add_unused(&mut slots, &mut rngs.unused);
    }
    if tricks.long_chains || tricks.unused_ids {
        let new_of = links::scatter(&mut slots, false, &mut rngs.chains);
        for id in real_ids.iter_mut().chain(&mut d00_ids) {
            *id = new_of[*id as usize];
        }
    }
    if slots.len() > u32::MAX as usize {
        return Err(too_large(
            FileKind::A02,
            "A02 entries",
            slots.len(),
            u32::MAX,
        ));
    }
    report.game_redirections = links::redirections(&slots);
    report.longest_chain = report.longest_chain.max(links::longest_chain(&slots));

    // D02: records in D00 order, in GameID order with junk, or shuffled.
    let mut order: Vec<usize> = (0..n).collect();
    if tricks.junk_between_records {
        order.sort_by_key(|&i| real_ids[i]);
    }
    if tricks.shuffled_records {
        rngs.order.shuffle(&mut order);
    }
    let mut d02 = Sink::new(Frame::Game, n);
    let d02_too_large = |len| too_large(FileKind::D02, "D02 size", len, i32::MAX as u32);
    for (k, &i) in order.iter().enumerate() {
        if tricks.junk_between_records {
            report.junk_bytes += d02.junk(|b| rng.junk(b, 0, 7));
        }
        if tricks.lookalike_junk && k > 0 && rngs.junk.one_in(2) {
            report.lookalike_junk_bytes += d02.lookalike_gap(&mut rngs.junk);
        }
        if d02.len() > i32::MAX as usize {
            return Err(d02_too_large(d02.len()));
        }
        let body = bodies[i];
        let (prefix, len) = length_prefix(body.len())
            .ok_or_else(|| too_large(FileKind::D02, "record", body.len(), MAX_RECORD as u32))?;
        report.two_byte_lengths += usize::from(len == 2);
        d02.record(i, &prefix[..len], body);
    }
    if tricks.junk_between_records {
        report.junk_bytes += d02.junk(|b| rng.junk(b, 1, 7));
    }
    if tricks.lookalike_junk {
        report.lookalike_junk_bytes += d02.lookalike_head(&mut rngs.junk);
    }
    let offsets: Vec<u32> = (0..n).map(|i| d02.start(i) as u32).collect();
    if (0..n).any(|i| d02.start(i) > i32::MAX as usize) {
        return Err(d02_too_large(d02.len()));
    }
    report.out_of_order_files += usize::from(links::out_of_order(&slots, &offsets));

    // A02: real ids hold offsets, aliases redirect, the rest as planned.
    let a02 = links::array_bytes(&slots, &offsets, &d02, &mut rngs.unused);
    Ok(GameFiles {
        d02: d02.into_bytes(),
        a02,
        d00_ids,
    })
}
