//! Guessing a database's code page from its strings (Q33), and telling a
//! single UTF-8 string among single-byte ones.
//!
//! Each word with a byte above 127 is decoded under each candidate code
//! page and scored: a word of one script (all Cyrillic, or Latin letters
//! with a few accented ones) scores for the code page; box-drawing
//! characters (CP1251 text read as CP866), punctuation or symbols inside a
//! word (CP866 text read as CP1251), a Cyrillic letter among Latin ones
//! ("Mьller": Latin-1 read as CP1251), a word made only of accented
//! letters ("Êàðïîâ": CP1251 read as Latin-1) and a capital after a small
//! letter score against it. Integer arithmetic only: the same guess on
//! every platform.

use alloc::vec::Vec;

use super::{TextEncoding, case::case_of};

/// Whether `bytes` is valid UTF-8 with at least one multi-byte sequence,
/// every one of them a character a name or a chess comment may hold.
/// Single-byte text is sometimes valid UTF-8 by accident (CP866 "раб" is
/// E0 A0 A1, which UTF-8 reads as a Samaritan letter), so the characters
/// must be plausible too.
///
/// ```
/// assert!(cadb::text::is_utf8_string("Таль".as_bytes()));
/// assert!(!cadb::text::is_utf8_string(b"Tal"));
/// assert!(!cadb::text::is_utf8_string(&[0xe0, 0xa0, 0xa1])); // CP866 "раб"
/// ```
pub fn is_utf8_string(bytes: &[u8]) -> bool {
    if bytes.is_ascii() {
        return false;
    }
    match core::str::from_utf8(bytes) {
        Ok(s) => s.chars().all(|c| c.is_ascii() || plausible(c)),
        Err(_) => false,
    }
}

/// Characters beyond ASCII that names and chess comments use.
fn plausible(c: char) -> bool {
    matches!(c as u32,
        0xA0..=0x24F        // Latin-1 letters and signs, Latin Extended-A/B
        | 0x370..=0x52F     // Greek, Cyrillic
        | 0x200D            // the joiner inside an emoji (👨‍👩‍👧)
        | 0x2010..=0x206F   // general punctuation
        | 0x20A0..=0x20CF   // currency
        | 0x2100..=0x23FF   // letterlike, number forms, arrows, maths (±, ∞), technical (⌛)
        | 0x25A0..=0x27BF   // shapes, symbols, chess figurines, dingbats (❤, ✔)
        | 0xFE00..=0xFE0F   // variation selectors: ❤️ is U+2764 U+FE0F
        | 0x1F000..=0x1FAFF // emoji, flags' regional indicators, cards
    )
}

/// The code page guessed from a database's strings, and the evidence.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EncodingGuess {
    /// The code page chosen.
    pub encoding: TextEncoding,
    /// Strings seen.
    pub strings: u64,
    /// Strings with bytes above 127.
    pub high_strings: u64,
    /// Strings read as UTF-8 one at a time.
    pub utf8_strings: u64,
    /// Each single-byte candidate and its score: the sum over words with a
    /// byte above 127 (higher is likelier).
    pub scores: Vec<(TextEncoding, f64)>,
    /// How far the best score is ahead of the next, 0 to 1:
    /// `(best − next) / (|best| + |next|)`; 0 when nothing told the code
    /// pages apart (no byte above 127 outside UTF-8 strings).
    pub confidence: f64,
}

/// Strings scored at most: past this, more names add no evidence worth
/// the time (every string is still counted, and checked for UTF-8).
const MAX_SCORED: u64 = 50_000;

/// The candidates, the default first (it wins ties).
const CANDIDATES: [TextEncoding; 3] = [
    TextEncoding::Cp1251,
    TextEncoding::Cp866,
    TextEncoding::Latin1,
];

/// Guesses the code page of `strings` (CP1251, CP866 or Latin-1).
///
/// ```
/// use cadb::text::{TextEncoding, guess_encoding};
/// let cp866 = [&[0x92u8, 0xa0, 0xab, 0xec][..]]; // "Таль"
/// assert_eq!(guess_encoding(cp866.into_iter()).encoding, TextEncoding::Cp866);
/// let cp1251 = [&[0xd2u8, 0xe0, 0xeb, 0xfc][..]];
/// assert_eq!(guess_encoding(cp1251.into_iter()).encoding, TextEncoding::Cp1251);
/// let ascii = guess_encoding([&b"Tal"[..]].into_iter());
/// assert_eq!((ascii.encoding, ascii.confidence), (TextEncoding::Cp1251, 0.0));
/// ```
pub fn guess_encoding<'a>(strings: impl Iterator<Item = &'a [u8]>) -> EncodingGuess {
    let mut g = EncodingGuess::default();
    let mut scores = [0i64; CANDIDATES.len()];
    let tables = CANDIDATES.map(classes);
    let mut scored = 0u64;
    for s in strings {
        g.strings += 1;
        if s.is_ascii() {
            continue;
        }
        g.high_strings += 1;
        if is_utf8_string(s) {
            g.utf8_strings += 1;
            continue;
        }
        if scored < MAX_SCORED {
            scored += 1;
            for (score, table) in scores.iter_mut().zip(&tables) {
                *score += string_score(s, table);
            }
        }
    }
    g.scores = CANDIDATES
        .iter()
        .zip(scores)
        .map(|(&e, s)| (e, s as f64))
        .collect();
    if scored == 0 {
        return g;
    }
    // A tie keeps the earlier candidate (the default first). No sort: one
    // more sort instance is kilobytes of wasm.
    let mut top = 0;
    for (i, &s) in scores.iter().enumerate() {
        if s > scores[top] {
            top = i;
        }
    }
    let best = scores[top];
    let next = (0..scores.len())
        .filter(|&i| i != top)
        .map(|i| scores[i])
        .max()
        .unwrap_or(best);
    g.encoding = CANDIDATES[top];
    let spread = best.unsigned_abs() + next.unsigned_abs();
    g.confidence = if spread == 0 {
        0.0
    } else {
        ((best - next) as f64 / spread as f64).clamp(0.0, 1.0)
    };
    g
}

/// What the characters of one word are.
#[derive(Default)]
struct Word {
    ascii: u32,
    cyrillic: u32,
    /// Cyrillic letters outside Russian's (Ђ Ѓ Љ Ґ ў ...): rare in
    /// names, common in CP866 text read as CP1251.
    rare: u32,
    accented: u32,
    boxes: u32,
    other: u32,
    case_breaks: u32,
    high: bool,
    last_lower: bool,
}

/// What a character is, for scoring.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Ascii,
    Cyrillic,
    /// A Cyrillic letter outside Russian's.
    Rare,
    Accented,
    Box,
    Other,
}

/// A byte's class and case under a code page.
#[derive(Clone, Copy)]
struct Char {
    class: Class,
    upper: bool,
    lower: bool,
}

/// The class of each byte above 127 under `enc`, worked out once a guess
/// (the ranges hold letters only, but for ×, ÷ and the Cyrillic signs
/// U+0482–U+0489, so no Unicode table is needed).
fn classes(enc: TextEncoding) -> [Char; 128] {
    core::array::from_fn(|i| {
        let c = enc.char_of(0x80 + i as u8);
        let class = match c {
            '\u{410}'..='\u{44f}' | 'Ё' | 'ё' => Class::Cyrillic,
            '\u{482}'..='\u{489}' => Class::Other,
            '\u{400}'..='\u{4ff}' => Class::Rare,
            '×' | '÷' => Class::Other,
            '\u{c0}'..='\u{24f}' => Class::Accented,
            '\u{2500}'..='\u{259f}' => Class::Box,
            _ => Class::Other,
        };
        let (upper, lower) = case_of(c);
        Char {
            class,
            upper,
            lower,
        }
    })
}

impl Word {
    fn push(&mut self, c: Char) {
        let letter = match c.class {
            Class::Ascii => {
                self.ascii += 1;
                true
            }
            Class::Cyrillic => {
                self.cyrillic += 1;
                true
            }
            Class::Rare => {
                self.cyrillic += 1;
                self.rare += 1;
                true
            }
            Class::Accented => {
                self.accented += 1;
                true
            }
            Class::Box => {
                self.boxes += 1;
                false
            }
            Class::Other => {
                self.other += 1;
                false
            }
        };
        if letter {
            self.case_breaks += u32::from(self.last_lower && c.upper);
            self.last_lower = c.lower;
        } else {
            self.last_lower = false;
        }
    }

    fn score(&self) -> i64 {
        if !self.high {
            return 0;
        }
        let mut s = -4 * i64::from(self.boxes)
            - i64::from(self.other)
            - i64::from(self.rare)
            - 2 * i64::from(self.case_breaks);
        let latin = self.ascii + self.accented;
        if self.cyrillic > 0 && latin > 0 {
            s -= 3;
        } else if self.cyrillic > 0 {
            s += 2;
        } else if self.accented > 0 {
            if self.ascii > 0 && self.accented * 2 <= latin {
                s += 2;
            } else if self.ascii == 0 && self.accented >= 2 {
                s -= 2;
            }
        }
        s
    }
}

/// The score of one string under a code page's classes: the sum of its
/// words' scores.
fn string_score(s: &[u8], table: &[Char; 128]) -> i64 {
    let mut total = 0;
    let mut word = Word::default();
    for &b in s {
        if b >= 0x80 {
            word.high = true;
            word.push(table[usize::from(b - 0x80)]);
        } else if b.is_ascii_alphabetic() {
            word.push(Char {
                class: Class::Ascii,
                upper: b.is_ascii_uppercase(),
                lower: b.is_ascii_lowercase(),
            });
        } else {
            total += word.score();
            word = Word::default();
        }
    }
    total + word.score()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(e: &'static encoding_rs::Encoding, s: &str) -> Vec<u8> {
        let (b, _, bad) = e.encode(s);
        assert!(!bad, "{s} in {}", e.name());
        b.into_owned()
    }

    const RUSSIAN: &[&str] = &[
        "Карпов, Анатолий",
        "Каспаров, Гарри",
        "Ботвинник, Михаил",
        "Смыслов, Василий",
        "Таль, Михаил",
        "Петросян, Тигран",
        "Спасский, Борис",
        "Корчной, Виктор",
        "Бронштейн, Давид",
        "Керес, Пауль",
        "Геллер, Ефим",
        "Полугаевский, Лев",
        "Тайманов, Марк",
        "Авербах, Юрий",
        "Штейн, Леонид",
        "Белявский, Александр",
        "Юсупов, Артур",
        "Крамник, Владимир",
        "Свидлер, Пётр",
        "Морозевич, Александр",
        "Гроссмейстер",
        "гр",
        "мм",
        "мс",
        "Чемпионат СССР",
        "Москва",
        "Ленинград",
        "Рига",
        "Тбилиси",
        "Киев",
        "Шахматы в СССР",
        "64",
        "Шахматный бюллетень",
        "Матч на первенство мира",
        "Мемориал Чигорина",
        "Сочи",
        "Ереван",
        "Баку",
        "Ход",
        "ферзь",
        "лучше",
        "с идеей",
        "Сицилианская защита",
        "Защита Нимцовича",
        "Ферзевый гамбит",
        "Испанская партия",
        "белые",
        "чёрные",
        "ладья",
        "конь",
        "слон",
        "пешка",
        "король",
        "выигрывает",
        "ничья",
        "сильнее было",
        "ошибка",
    ];

    const WESTERN: &[&str] = &[
        "Hübner, Robert",
        "Åkesson, Ralf",
        "München",
        "Müller, Karsten",
        "Sánchez, Luis",
        "Köln",
        "Ståhlberg, Gideon",
        "Larsen, Bent",
        "Andersson, Ulf",
        "Gligorić",
        "Ivanchuk",
        "Benkő, Pál",
        "Portisch, Lajos",
        "Fernández",
        "Rodríguez",
        "Bundesliga",
        "Hastings",
        "Reykjavík",
        "Zürich",
        "Gödel",
        "Nunn, John",
        "Ribli, Zoltán",
    ];

    /// Strings the Latin-1 table can hold (Gligorić and Benkő's ő cannot).
    fn latin1_names() -> Vec<Vec<u8>> {
        WESTERN
            .iter()
            .filter(|s| s.chars().all(|c| (c as u32) < 0x100))
            .map(|s| enc(encoding_rs::WINDOWS_1252, s))
            .collect()
    }

    fn guess(list: &[Vec<u8>]) -> EncodingGuess {
        guess_encoding(list.iter().map(|v| v.as_slice()))
    }

    #[test]
    fn single_byte_russian_and_western_text_is_not_taken_for_utf8() {
        let mut naive = 0;
        let mut checked = 0;
        for e in [encoding_rs::WINDOWS_1251, encoding_rs::IBM866] {
            for s in RUSSIAN {
                let b = enc(e, s);
                checked += 1;
                naive += usize::from(!b.is_ascii() && core::str::from_utf8(&b).is_ok());
                assert!(!is_utf8_string(&b), "{s} in {}", e.name());
            }
        }
        for b in latin1_names() {
            checked += 1;
            naive += usize::from(!b.is_ascii() && core::str::from_utf8(&b).is_ok());
            assert!(!is_utf8_string(&b));
        }
        // Measured, not asserted: how many the naive rule (any valid
        // UTF-8 with a high byte) would take for UTF-8.
        std::println!("naive rule: {naive} of {checked} taken for UTF-8");
        // Short CP866 words are valid UTF-8 by accident: "раб", "рад".
        for s in ["раб", "рад", "ран"] {
            let b = enc(encoding_rs::IBM866, s);
            assert!(core::str::from_utf8(&b).is_ok(), "{s}");
            assert!(!is_utf8_string(&b), "{s}");
        }
        for s in RUSSIAN.iter().chain(WESTERN) {
            assert_eq!(is_utf8_string(s.as_bytes()), !s.is_ascii(), "{s}");
        }
    }

    /// Issue 47: a comment with an emoji, stored as UTF-8 in a database
    /// that is otherwise CP1251, read "вќ¤пёЏ" for "❤️" (U+2764 U+FE0F: a
    /// dingbat and a variation selector, outside the ranges then taken).
    #[test]
    fn emoji_and_symbols_in_utf8_are_utf8() {
        for s in [
            "❤️",
            "Браво ❤️",
            "👍",
            "✔ Отлично",
            "⌛ цейтнот",
            "🇷🇺 🇳🇱",
            "👨‍👩‍👧",
            "♔♕ ±",
        ] {
            assert!(is_utf8_string(s.as_bytes()), "{s}");
            let cp1251 = crate::text::Text {
                encoding: TextEncoding::Cp1251,
                utf8_strings: true,
            };
            assert_eq!(cp1251.decode(s.as_bytes()), s);
        }
        // The same bytes in each single-byte code page, as a string of its own.
        let mojibake = enc(encoding_rs::WINDOWS_1251, "вќ¤пёЏ");
        assert_eq!(mojibake, "❤️".as_bytes());
    }

    #[test]
    fn russian_names_in_each_code_page_and_western_names_in_latin1() {
        for (e, want) in [
            (encoding_rs::WINDOWS_1251, TextEncoding::Cp1251),
            (encoding_rs::IBM866, TextEncoding::Cp866),
        ] {
            let all: Vec<Vec<u8>> = RUSSIAN.iter().map(|s| enc(e, s)).collect();
            let g = guess(&all);
            assert_eq!(g.encoding, want, "{g:?}");
            assert!(g.confidence >= 0.5, "{g:?}");
            // Every Russian string alone, too (a surname and a first name at least).
            for (s, b) in RUSSIAN.iter().zip(&all) {
                if s.chars().filter(|c| !c.is_ascii()).count() >= 4 {
                    assert_eq!(guess(core::slice::from_ref(b)).encoding, want, "{s} alone");
                }
            }
        }
        let g = guess(&latin1_names());
        assert_eq!(g.encoding, TextEncoding::Latin1, "{g:?}");
        assert!(g.confidence >= 0.5, "{g:?}");
    }

    #[test]
    fn a_few_russian_names_among_ascii_ones_and_utf8_strings() {
        for (e, want) in [
            (encoding_rs::WINDOWS_1251, TextEncoding::Cp1251),
            (encoding_rs::IBM866, TextEncoding::Cp866),
        ] {
            let mut list: Vec<Vec<u8>> = ["Fischer", "Spassky", "Reykjavik", "Fischer, Robert"]
                .iter()
                .map(|s| s.as_bytes().to_vec())
                .collect();
            list.push(enc(e, "Таль"));
            list.push(enc(e, "Рига"));
            list.push("Чемпионат мира".as_bytes().to_vec());
            let g = guess(&list);
            assert_eq!(
                (g.encoding, g.utf8_strings, g.high_strings),
                (want, 1, 3),
                "{g:?}"
            );
        }
        let g = guess(&[b"Tal".to_vec(), "Таль".as_bytes().to_vec()]);
        assert_eq!(
            (g.encoding, g.confidence, g.utf8_strings),
            (TextEncoding::Cp1251, 0.0, 1)
        );
    }

    // proptest does not build for wasm32 (getrandom).
    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn any_mix_of_russian_names_comes_out_right(picks in proptest::collection::vec(0..RUSSIAN.len(), 1..12)) {
            for (e, want) in [
                (encoding_rs::WINDOWS_1251, TextEncoding::Cp1251),
                (encoding_rs::IBM866, TextEncoding::Cp866),
            ] {
                let list: Vec<Vec<u8>> = picks.iter().map(|&i| enc(e, RUSSIAN[i])).collect();
                // Short words alone ("гр", "64") may not decide; anything with a longer word must.
                if picks.iter().any(|&i| RUSSIAN[i].chars().filter(|c| !c.is_ascii()).count() >= 4) {
                    proptest::prop_assert_eq!(guess(&list).encoding, want);
                }
            }
        }
    }
}
