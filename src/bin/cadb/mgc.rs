//! `cadb mgc` commands (being written).

use std::process::ExitCode;

use crate::args::Args;

pub fn run(cmd: &str, args: &mut Args) -> Result<ExitCode, String> {
    let _ = args;
    Err(format!("{cmd}: not built yet"))
}
