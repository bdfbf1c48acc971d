//! Running the `cadb` binary from the integration tests.

use std::{
    io::Write,
    path::PathBuf,
    process::{Command, Output, Stdio},
};

/// The binary Cargo built for these tests.
pub const EXE: &str = env!("CARGO_BIN_EXE_cadb");

/// Runs `cadb` with `args`, `stdin` on its standard input; a panic (exit 101) fails the test.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(EXE)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_ne!(
        out.status.code(),
        Some(101),
        "cadb {args:?} panicked: {}",
        text(&out.stderr)
    );
    out
}

/// Output bytes as text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh, empty scratch folder, `cadb-KIND-PID-NAME` in the temporary
/// folder (each test process its own).
pub fn scratch(kind: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cadb-{kind}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `pgn` as DIR/STEM.* with `cadb write OPTIONS`; the CDP's path.
#[allow(dead_code)] // not every test binary writes databases
pub fn write_db(dir: &std::path::Path, stem: &str, pgn: &str, options: &[&str]) -> PathBuf {
    let path = dir.join(stem);
    let mut args = vec!["write", path.to_str().unwrap()];
    args.extend_from_slice(options);
    let out = run(&args, pgn.as_bytes());
    assert!(out.status.success(), "cadb write: {}", text(&out.stderr));
    dir.join(format!("{stem}.CDP"))
}
