//! Text for the terminal: names, comments and tags come from the file, and
//! a control character in them (ESC starts a terminal command) must reach
//! the screen as text. Every line the CLI prints goes through [`safe`]; PGN
//! allows no control character but tab and newline either.

use std::borrow::Cow;

/// `s` with every control character but tab and newline (C0, DEL and C1)
/// written as a `\u00XX` escape, which reads the same in JSON.
///
/// ```ignore
/// assert_eq!(safe("a\u{1b}[2Jb\tc\n"), "a\\u001b[2Jb\tc\n");
/// ```
pub fn safe(s: &str) -> Cow<'_, str> {
    let bad = |c: char| c.is_control() && c != '\t' && c != '\n';
    // Controls are C0, DEL and C1 (U+0080-U+009F, after a 0xC2 byte): a
    // byte scan rules them out without decoding (all of `cadb pgn`'s
    // output passes here).
    // Chunks without an early exit inside, so the compiler vectorises them.
    let suspect = |b: u8| (b < 0x20) & (b != b'\t') & (b != b'\n') | (b == 0x7f) | (b == 0xc2);
    let bytes = s.as_bytes();
    let blocks = bytes.chunks_exact(32);
    let tail = blocks.remainder();
    let any_suspect = tail.iter().any(|&b| suspect(b))
        || blocks
            .into_iter()
            .any(|c| c.iter().fold(0u8, |acc, &b| acc | u8::from(suspect(b))) != 0);
    if !any_suspect || !s.contains(bad) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if bad(c) {
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Writes `text` to stdout. When its reader has gone (`cadb find DB |
/// head`), the process ends quietly, as a pipe's writer does, where
/// `print!` would panic.
pub fn print(text: &str) {
    use std::io::Write;
    if let Err(e) = std::io::stdout().lock().write_all(text.as_bytes()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("cadb: standard output: {e}");
            std::process::exit(2);
        }
        std::process::exit(0);
    }
}

/// `println!` through [`safe`] and [`print`].
macro_rules! say {
    () => { $crate::terminal::print("\n") };
    ($($t:tt)*) => { $crate::terminal::print(&format!("{}\n", $crate::terminal::safe(&format!($($t)*)))) };
}

/// `print!` through [`safe`] and [`print`].
macro_rules! say_raw {
    ($($t:tt)*) => { $crate::terminal::print(&$crate::terminal::safe(&format!($($t)*))) };
}

/// `eprintln!` through [`safe`].
macro_rules! warn {
    ($($t:tt)*) => { eprintln!("{}", $crate::terminal::safe(&format!($($t)*))) };
}

#[cfg(test)]
mod tests {
    use super::safe;

    #[test]
    fn controls_but_tab_and_newline_are_escaped() {
        assert_eq!(safe("a\u{1b}[2Jb\tc\n"), "a\\u001b[2Jb\tc\n");
        assert_eq!(safe("x\r\u{7f}\u{9b}y"), "x\\u000d\\u007f\\u009by");
        assert!(matches!(
            safe("Петросян 1-0\n"),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}
