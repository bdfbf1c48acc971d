//! The parsers of the search expressions: each error of the contract
//! (docs/search.md) is an `ErrorKind::Query` naming the field, the place
//! and the token, and the impossible is refused before any search.

#![cfg(not(target_arch = "wasm32"))]

use cadb::{
    ErrorKind,
    ca::search::{Expressions, Query},
    find::{CommentQuery, Maneuver, Material, Pattern},
};

/// The error's field, place and token, and its message.
fn error(r: Result<impl std::fmt::Debug, cadb::Error>) -> (&'static str, u32, String, String) {
    let e = r.unwrap_err();
    assert_eq!(e.code(), "query", "{e}");
    let message = e.to_string();
    match e.kind {
        ErrorKind::Query {
            field, at, token, ..
        } => (field, at, token, message),
        k => panic!("not a query error: {k:?}"),
    }
}

#[test]
fn material_errors_name_the_token() {
    let (field, at, token, message) = error(Material::parse("RB vs X"));
    assert_eq!((field, at, token.as_str()), ("material", 6, "X"));
    assert!(
        message.ends_with(
            "material: unexpected `X` at 6: expected a piece letter (Q R B N P), `vs` or an option"
        ),
        "{message}"
    );
    assert_eq!(error(Material::parse("RB RN")).1, 5, "no `vs`: at the end");
    assert_eq!(error(Material::parse("")).2, "");
    assert_eq!(error(Material::parse("R vs N for")).2, "");
    assert_eq!(error(Material::parse("R vs N for x")).2, "x");
    assert_eq!(error(Material::parse("diff")).0, "material");
    assert_eq!(error(Material::parse("diff Q==1")).2, "=1");
    assert_eq!(error(Material::parse("diff K=1")).2, "K=1");
    assert_eq!(error(Material::parse("R vs N sometimes")).2, "sometimes");
    assert_eq!(error(Material::parse("R3 vs * * ")).2, "*");
    // A letter that is not ASCII where `points` could start (fuzz).
    assert_eq!(
        error(Material::parse("diff poin\u{ffff}=1")).2,
        "oin\u{ffff}=1"
    );
}

#[test]
fn impossible_material_is_an_error() {
    for bad in [
        "P9 vs *",
        "* vs P9",
        "Q10 vs *",
        "R11 vs *",
        "B11 vs *",
        "N11 vs *",
        // 2 extra queens need 2 promotions, but 7 pawns leave 1.
        "Q3P7 vs *",
        // Σ over roles: 1 extra rook, 1 extra bishop, 1 extra knight > 8 − 6.
        "R3B3N3P6 vs *",
        "R3-2 vs *",
        "R vs N for 0",
        "R vs N plies 30-20",
    ] {
        let (field, ..) = error(Material::parse(bad));
        assert_eq!(field, "material", "{bad}");
    }
    // The error names the side at fault.
    let (_, at, token, _) = error(Material::parse("R vs Q3P7"));
    assert_eq!((at, token.as_str()), (5, "Q3P7"));
    // Possible at the edges.
    for good in [
        "Q9 vs *",
        "R10 vs *",
        "Q2P7 vs *",
        "R3B3P6 vs *",
        "P8 vs P8",
        "R2-3 vs N+",
    ] {
        Material::parse(good).unwrap();
    }
}

#[test]
fn material_counts() {
    use cadb::find::{MaterialCondition, Range};
    let m = Material::parse("RR vs N1-2 for 3 plies 10- either").unwrap();
    let MaterialCondition::Sides([w, b]) = &m.condition else {
        panic!()
    };
    assert_eq!(w[3], Range { min: 2, max: 2 }, "RR is R2");
    assert_eq!(w[4], Range { min: 0, max: 0 }, "no queen named: none");
    assert_eq!(w[0].max, u8::MAX, "pawns are free");
    assert_eq!(b[1], Range { min: 1, max: 2 });
    assert!(m.either && m.run.at_least == 3 && m.run.from == 10 && m.run.to.is_none());
}

#[test]
fn pattern_errors() {
    assert_eq!(error(Pattern::parse("")).0, "pattern", "an empty pattern");
    assert_eq!(error(Pattern::parse("either")).2, "either");
    assert_eq!(error(Pattern::parse("Xd5")).2, "Xd5", "an unknown piece");
    assert_eq!(error(Pattern::parse("Nd9")).2, "d9", "an unknown square");
    assert_eq!(error(Pattern::parse("Nz")).2, "z", "an unknown file");
    let (_, at, token, message) = error(Pattern::parse("Pd4 !Pd"));
    assert_eq!((at, token.as_str()), (4, "!Pd"), "the forbidding term");
    assert!(
        message.contains("does not forbid a square another requires"),
        "{message}"
    );
    Pattern::parse("Pd4 !pd").unwrap();
    assert_eq!(
        error(Pattern::parse("board pieces 8/8/8/8/8/8/8/8")).2,
        "pieces"
    );
    assert_eq!(error(Pattern::parse("board exact 9/8")).2, "9/8");
    Pattern::parse("board pawns rnbqkbnr/pp3ppp/2p5/3p4/3P4/8/PP3PPP/RNBQKBNR w KQkq - 0 1 either")
        .unwrap();
    assert_eq!(error(Pattern::parse("Nd5 for 0")).2, "0");
}

#[test]
fn maneuver_errors() {
    assert_eq!(
        error(Maneuver::parse("Nb1")).0,
        "maneuver",
        "a route of one square"
    );
    assert_eq!(
        error(Maneuver::parse("Nb1-b1")).1,
        4,
        "the same square twice in a row"
    );
    assert_eq!(
        error(Maneuver::parse("Xb1-d2")).2,
        "Xb1-d2",
        "an unknown piece"
    );
    assert_eq!(
        error(Maneuver::parse("Nb1-d9")).2,
        "d9",
        "an unknown square"
    );
    assert_eq!(error(Maneuver::parse("")).2, "");
    assert_eq!(error(Maneuver::parse("Nb1-d2 f1")).2, "f1");
    assert_eq!(Maneuver::parse("Nb1-d2-b1-c3").unwrap().squares.len(), 4);
}

#[test]
fn comment_errors() {
    assert_eq!(error(CommentQuery::parse("\"\"")).0, "comment", "no word");
    assert_eq!(error(CommentQuery::parse("\"open")).2, "\"open");
    assert_eq!(
        CommentQuery::parse("Блестяще \"A Phrase\"")
            .unwrap()
            .needles,
        ["блестяще", "a phrase"]
    );
}

#[test]
fn a_long_expression_is_refused_at_its_limit() {
    // 4096 bytes end inside the last "б" (fuzz).
    let text = format!("{}{}", "a".repeat(4095), "б".repeat(10));
    let (field, at, ..) = error(CommentQuery::parse(&text));
    assert_eq!((field, at), ("comment", 4096));
    CommentQuery::parse(&"a".repeat(4096)).unwrap();
}

#[test]
fn numbers_and_empty_fields() {
    let mut q = Query::default();
    let e = |nag, swing| Expressions {
        nag,
        eval_swing: swing,
        material: Some("  "),
        ..Expressions::default()
    };
    q.set_expressions(&e(Some(3.0), Some(1.5))).unwrap();
    assert_eq!(
        (q.nag, q.eval_swing, &q.material),
        (Some(3), Some(150), &None)
    );
    for (nag, swing) in [
        (Some(0.0), None),
        (Some(256.0), None),
        (Some(1.5), None),
        (None, Some(0.0)),
        (None, Some(-1.0)),
    ] {
        assert_eq!(
            q.set_expressions(&e(nag, swing)).unwrap_err().code(),
            "query"
        );
    }
}
