//! A Latin transliteration of Cyrillic, for search: a query typed in Latin
//! ("karpov") also finds a name stored in Cyrillic ("Карпов"). One simple
//! table (close to BGN/PCGN and GOST 7.79 B, without diacritics): what a
//! player would type, not a reversible scheme.

use alloc::string::String;

/// Latin for a lower-case Cyrillic letter (Russian, Ukrainian, Belarusian);
/// `None` for any other character.
fn latin_of(c: char) -> Option<&'static str> {
    const RU: [&str; 32] = [
        "a", "b", "v", "g", "d", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r", "s",
        "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya",
    ];
    Some(match c {
        'а'..='я' => RU[(c as u32 - 'а' as u32) as usize],
        'ё' => "e",
        'є' => "ye",
        'і' => "i",
        'ї' => "yi",
        'ў' => "u",
        'ґ' => "g",
        _ => return None,
    })
}

/// The Latin transliteration of `s` (already lower-cased, as
/// [`super::lower`] gives), or `None` when `s` holds no Cyrillic letter.
/// Other characters are kept.
///
/// ```
/// use cadb::text::{latin, lower};
/// assert_eq!(latin(&lower("Карпов, Анатолий")).as_deref(), Some("karpov, anatoliy"));
/// assert_eq!(latin("tal"), None);
/// ```
pub fn latin(s: &str) -> Option<String> {
    if !s.chars().any(|c| latin_of(c).is_some()) {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match latin_of(c) {
            Some(l) => out.push_str(l),
            None => out.push(c),
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::lower;

    #[test]
    fn names_as_a_player_types_them() {
        for (cyr, lat) in [
            ("Карпов", "karpov"),
            ("Таль, Михаил", "tal, mikhail"),
            ("Щукин Юрий", "shchukin yuriy"),
            ("Цейтлин Ярослав", "tseytlin yaroslav"),
            ("Чигорин", "chigorin"),
            ("Эльянов Павел", "elyanov pavel"),
            ("Шёнберг Объезд", "shenberg obezd"),
            ("Жуков Хасин", "zhukov khasin"),
            ("Смыслов", "smyslov"),
            ("Іванчук Їжак Єгор Ґава", "ivanchuk yizhak yegor gava"),
            ("Tal 1960", "tal 1960"),
        ] {
            let got = latin(&lower(cyr));
            if cyr.is_ascii() {
                assert_eq!(got, None);
            } else {
                assert_eq!(got.as_deref(), Some(lat), "{cyr}");
            }
        }
    }

    #[test]
    fn every_russian_letter_has_latin_letters_or_none() {
        for c in 'а'..='я' {
            let l = latin_of(c).unwrap();
            assert!(l.bytes().all(|b| b.is_ascii_lowercase()), "{c}: {l}");
            assert_eq!(l.is_empty(), c == 'ъ' || c == 'ь', "{c}");
        }
        assert_eq!(latin_of('z'), None);
        assert_eq!(latin_of('Я'), None, "upper case is lowered first");
    }
}
