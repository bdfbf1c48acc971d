//! `cadb write`: the Chess Assistant writer (being written).

use std::process::ExitCode;

use crate::args::Args;

pub fn run(args: &mut Args) -> Result<ExitCode, String> {
    let _ = args;
    Err("not built yet".into())
}
