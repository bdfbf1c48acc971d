//! Standard input, for the commands that read games or moves from it.

use std::io::Read;

/// All of standard input as text.
pub fn stdin_text() -> Result<String, String> {
    let mut s = String::new();
    std::io::stdin()
        .read_to_string(&mut s)
        .map_err(|e| format!("reading stdin: {e}"))?;
    Ok(s)
}
