//! What each comment type means, both ways (codes 233–236, §8.14–§8.15):
//! the replayer turns a comment item into visitor events ([`annotate`]),
//! and the writer turns a node's annotations back into comment items
//! ([`items_before`], [`items_after`]). A comment type with a new meaning
//! is read and written here, beside its `CommentKind` in `format::d02`.

use alloc::{string::String, vec::Vec};

use crate::{
    ca::{
        format::d02::{CommentKind, engine_eval_bytes, parse_engine_eval},
        infer::{Decoding, Symbols},
        record::Item,
    },
    error::Error,
    game::{Codec, Eval, Events, Node, Placement, RawItem},
};

/// Whether an item belongs to the move before it (everything but the
/// comment types placed before a move).
pub(crate) fn is_after_annotation(item: &Item<'_>) -> bool {
    match item {
        Item::Comment { kind, .. } => {
            CommentKind::from_byte(*kind).is_none_or(|k| !k.precedes_move())
        }
        Item::Opaque233(_) | Item::EmptyComment { .. } => true,
        _ => false,
    }
}

/// An item with no meaning in the shared model, kept as stored.
fn raw(item: &Item<'_>, bytes: Vec<u8>) -> RawItem {
    RawItem {
        source: Codec::ChessAssistant,
        code: item.code(),
        bytes,
    }
}

fn placement(kind: CommentKind) -> Placement {
    if kind.precedes_move() {
        Placement::Before
    } else {
        Placement::After
    }
}

/// Sends a comment-like item to the visitor. Text is decoded only for a
/// visitor that wants it.
pub(crate) fn annotate(v: &mut dyn Events, decoding: Decoding, item: &Item<'_>) {
    let encoding = decoding.text;
    use CommentKind as K;
    let (kind, text) = match *item {
        Item::Opaque233(b) => return v.raw(&raw(item, alloc::vec![b])),
        Item::Comment { kind, text, .. } => (kind, text),
        _ => return,
    };
    // A comment string kept whole: its type byte, then its text.
    let whole = || raw(item, [&[kind], text].concat());
    let Some(known) = K::from_byte(kind) else {
        return v.raw(&whole());
    };
    match (known, text) {
        // One byte of a symbol comment is a NAG (Q25), or what the
        // database's symbols read as; more is text.
        (K::SymbolAfter | K::SymbolBefore, &[b]) => match decoding.symbols {
            Symbols::Nag => v.nag(b, placement(known)),
            Symbols::Ascii => match b {
                b'!' => v.nag(1, placement(known)),
                b'?' => v.nag(2, placement(known)),
                _ if v.wants_text() => v.comment(&encoding.decode(&[b]), placement(known)),
                _ => {}
            },
            Symbols::Raw => v.raw(&whole()),
        },
        (K::SymbolAfter | K::SymbolBefore | K::TextAfter | K::TextBefore, _) => {
            if v.wants_text() {
                v.comment(&encoding.decode(text), placement(known));
            }
        }
        (K::AuthorEval, _) => {
            if v.wants_text() {
                v.eval(&Eval::Author {
                    text: String::from(encoding.decode(text)),
                });
            }
        }
        (K::DiagramAfter | K::DiagramBefore, _) => v.diagram(placement(known)),
        (K::EngineEval, _) => match parse_engine_eval(text) {
            Some((centipawns, cap)) => v.eval(&Eval::Engine { centipawns, cap }),
            None => v.raw(&whole()),
        },
    }
}

/// A node's annotation as a comment item to write: its type and payload.
pub(crate) enum Comment<'a> {
    /// A symbol type and its NAG byte (code 234).
    Nag(CommentKind, u8),
    /// Text, in the database's encoding.
    Text(CommentKind, &'a str),
    /// Bytes as stored.
    Bytes(CommentKind, Vec<u8>),
}

/// The items placed before a node's move, in the order the reader sends them.
pub(crate) fn items_before(
    node: &Node,
    mut write: impl FnMut(Comment<'_>) -> Result<(), Error>,
) -> Result<(), Error> {
    use CommentKind as K;
    for c in &node.comments_before {
        write(Comment::Text(K::TextBefore, c))?;
    }
    for &nag in &node.nags_before {
        write(Comment::Nag(K::SymbolBefore, nag))?;
    }
    if node.diagram_before {
        write(Comment::Bytes(K::DiagramBefore, Vec::new()))?;
    }
    Ok(())
}

/// The items placed after a node's move (its raw items, which go back as
/// they came, are the writer's).
pub(crate) fn items_after(
    node: &Node,
    mut write: impl FnMut(Comment<'_>) -> Result<(), Error>,
) -> Result<(), Error> {
    use CommentKind as K;
    for &nag in &node.nags {
        write(Comment::Nag(K::SymbolAfter, nag))?;
    }
    for c in &node.comments_after {
        write(Comment::Text(K::TextAfter, c))?;
    }
    for ev in &node.evals {
        match ev {
            Eval::Engine { centipawns, cap } => write(Comment::Bytes(
                K::EngineEval,
                engine_eval_bytes(*centipawns, *cap),
            ))?,
            Eval::Author { text } => write(Comment::Text(K::AuthorEval, text))?,
        }
    }
    if node.diagram_after {
        write(Comment::Bytes(K::DiagramAfter, Vec::new()))?;
    }
    Ok(())
}
