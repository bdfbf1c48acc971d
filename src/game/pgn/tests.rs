//! The PGN writer's own tests: comments' words, control characters, and
//! tokens placed as `place` would place them.

use alloc::{string::String, vec};

/// A comment's words are written one space apart, wrapped at the line
/// width; a `}` (which would end the comment) becomes `)`, in ASCII
/// text and in other text alike.
#[test]
fn comment_words_spaces_braces_and_wrapping() {
    let mut game = crate::game::import::read_pgn("1. e4 e5 *")
        .unwrap()
        .remove(0);
    game.moves[0].comments_after = vec![
        String::from("  a}b \t c\r\n\x0bd  "),
        String::from("é} ok}"),
        "word ".repeat(30),
    ];
    let pgn = super::to_pgn(&game).unwrap();
    assert!(
        pgn.contains("1. e4 { a)b c d } { é) ok) } { word word"),
        "{pgn}"
    );
    assert!(pgn.lines().all(|l| l.len() <= super::LINE), "{pgn}");
    assert_eq!(pgn.matches("word").count(), 30, "{pgn}");
    assert!(!pgn.contains("  "), "{pgn}");
}

/// No control character but tab and newline reaches the PGN: in a
/// tag's name or value, in a plain comment or a spaced one, each is a
/// `\u00XX` escape (a terminal would obey an ESC sequence; PGN allows
/// none). A tag's line breaks are dropped, a comment's become spaces.
#[test]
fn control_characters_are_escaped() {
    let mut game = crate::game::import::read_pgn("1. e4 e5 *")
        .unwrap()
        .remove(0);
    game.headers.white = Some(String::from("Red\u{1b}[31m\"Alert\"\u{9b}"));
    game.headers.black = Some(String::from("a\tb\r\nc\u{7f}"));
    game.headers
        .other
        .push((String::from("X\u{7}"), String::from("v\u{0}")));
    game.moves[0].comments_after = vec![
        String::from("a\u{1b}]0;title\u{7}b"),
        String::from("two  spaces\u{1}"),
    ];
    let mut out = String::new();
    let w = super::PgnWriter::new(&mut out).with_tag("CASource", "db\u{1b}");
    game.visit(&mut { w }).unwrap();
    for want in [
        "[White \"Red\\u001b[31m\\\"Alert\\\"\\u009b\"]",
        "[Black \"a\tbc\\u007f\"]",
        "[X\\u0007 \"v\\u0000\"]",
        "[CASource \"db\\u001b\"]",
        "1. e4 { a\\u001b]0;title\\u0007b } { two spaces\\u0001 } 1... e5",
    ] {
        assert!(out.contains(want), "{want} in {out}");
    }
    assert!(!out.contains(super::is_escaped_control), "{out:?}");
}

/// A comment's words placed a line at a time land where placing them
/// one by one puts them: any text (spaces, tabs, `}`, Cyrillic, words
/// longer than a line), from any column.
#[cfg(not(target_arch = "wasm32"))]
mod words {
    use alloc::string::String;

    use proptest::prelude::*;

    use super::super::{LINE, PgnWriter};

    /// The writer's rule, word by word (its code before the lines),
    /// between `before` and `after`.
    fn one_by_one(before: &str, text: &str, after: &str, column: usize) -> String {
        let mut out = String::new();
        let mut w = PgnWriter::new(&mut out);
        w.movetext = true;
        w.line_len = column;
        w.place(before, before.len());
        for word in text.split_whitespace() {
            let word = word.replace('}', ")");
            w.place(&word, word.chars().count());
        }
        w.place(after, after.len());
        out
    }

    /// A NAG written in place lands where `place` puts its token.
    #[test]
    fn nags_as_tokens() {
        for nag in 0..=u8::MAX {
            for column in 0..LINE + 3 {
                let (mut a, mut b) = (String::new(), String::new());
                let mut w = PgnWriter::new(&mut a);
                (w.movetext, w.line_len) = (true, column);
                w.nag_token(nag);
                let line_len = w.line_len;
                let mut t = PgnWriter::new(&mut b);
                (t.movetext, t.line_len) = (true, column);
                let token = alloc::format!("${nag}");
                t.place(&token, token.len());
                let want_len = t.line_len;
                assert_eq!((&a, line_len), (&b, want_len), "${nag} at {column}");
            }
        }
    }

    proptest! {
        #[test]
        fn as_one_by_one(
            words in proptest::collection::vec("[a-z}]{1,12}|[а-я]{1,9}|x{70,90}|[ \t\n]{1,3}", 0..60),
            column in 0..LINE + 10,
        ) {
            let text = words.concat();
            let mut out = String::new();
            let mut w = PgnWriter::new(&mut out);
            w.movetext = true;
            w.line_len = column;
            w.comment_text(&text);
            prop_assert_eq!(out, one_by_one("{", &text, "}", column));
        }
    }
}
