//! `comment`: words or quoted phrases that must all occur in one comment,
//! case-insensitively ([`crate::text::lower`], Cyrillic too); see
//! docs/search.md.
//!
//! ```
//! use cadb::find::CommentQuery;
//! let q = CommentQuery::parse("блестяще \"lost the thread\"").unwrap();
//! assert!(q.holds("Блестяще! He LOST the thread"));
//! assert!(!q.holds("Блестяще"));
//! ```

use alloc::{string::String, vec::Vec};

use super::lex::Lexer;
use crate::{error::Error, text::lower};

const FIELD: &str = "comment";

/// A `comment` expression, parsed: the lower-cased needles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommentQuery {
    pub needles: Vec<String>,
}

impl CommentQuery {
    /// Parses an expression (the syntax: docs/search.md).
    pub fn parse(text: &str) -> Result<CommentQuery, Error> {
        let mut lex = Lexer::new(FIELD, text)?;
        let mut needles = Vec::new();
        while let Some(t) = lex.next_token() {
            let word = t.text.trim_matches('"');
            if word.trim().is_empty() {
                return Err(t.error(FIELD, "a word or a phrase in quotes"));
            }
            needles.push(lower(word));
        }
        if needles.is_empty() {
            return Err(lex.at_end("a word or a phrase in quotes"));
        }
        Ok(CommentQuery { needles })
    }

    /// Whether every needle occurs in `comment`.
    pub fn holds(&self, comment: &str) -> bool {
        let text = lower(comment);
        self.needles.iter().all(|n| text.contains(n.as_str()))
    }
}
