//! The code page of a database (Q33), guessed on opening from every text
//! it can read there: the names the sampled games use, the CDP comment and
//! the text comments of the games sampled for the file direction.
//!
//! Names no game uses (an unused id may point at unused bytes) never count,
//! and comments count beside names, so a database whose names are few or
//! plain ASCII is still told by its comments.

use alloc::vec::Vec;

use super::{
    format::{
        d02::{CommentKind, code},
        emb::ListKind,
    },
    names::{NameTable, NameUse},
    record::{Item, Items},
};
use crate::text::{EncodingGuess, guess_encoding};

/// The comment text a guess reads at most, in bytes: enough for hundreds
/// of comments, a small part of the time opening takes.
const MAX_SAMPLED_COMMENT_BYTES: usize = 64 << 10;

/// The raw text comments of the games sampled on opening.
#[derive(Clone, Debug, Default)]
pub(crate) struct CommentSample {
    texts: Vec<Vec<u8>>,
    bytes: usize,
}

impl CommentSample {
    /// Adds the text comments (types 4 and 5, §8.14) of one record body,
    /// until the sample is full.
    pub(crate) fn add(&mut self, body: &[u8]) {
        let text_kinds = [CommentKind::TextAfter, CommentKind::TextBefore].map(CommentKind::byte);
        let mut items = Items::new(body);
        while let Some(Ok((_, item))) = items.next_cold() {
            if self.bytes >= MAX_SAMPLED_COMMENT_BYTES {
                return;
            }
            if let Item::Comment {
                code: code::SHORT_COMMENT | code::LONG_COMMENT,
                kind,
                text,
            } = item
                && text_kinds.contains(&kind)
                && !text.is_empty()
            {
                let keep = text.len().min(MAX_SAMPLED_COMMENT_BYTES - self.bytes);
                self.texts.push(text[..keep].to_vec());
                self.bytes += keep;
            }
        }
    }
}

/// Guesses the code page from the names `used` (every record decoded in
/// bulk when no game was sampled), the CDP comment and `comments`.
pub(crate) fn guess(
    used: &NameUse,
    comments: &CommentSample,
    lists: &[NameTable; 4],
    cdp_comment: &[u8],
) -> EncodingGuess {
    let sampled_any = ListKind::ALL.iter().any(|&k| !used.records(k).is_empty());
    let names: Vec<&[u8]> = if sampled_any {
        ListKind::ALL
            .iter()
            .flat_map(|&k| {
                let t = &lists[k as usize];
                used.records(k).iter().flat_map(move |&r| t.strings_of(r))
            })
            .collect()
    } else {
        lists.iter().flat_map(|t| t.strings()).collect()
    };
    guess_encoding(
        names
            .into_iter()
            .chain([cdp_comment])
            .chain(comments.texts.iter().map(Vec::as_slice)),
    )
}
