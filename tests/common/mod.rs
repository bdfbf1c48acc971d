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
/// folder (each test process its own), removed when dropped: at the end of
/// its test, passed or failed.
pub fn scratch(kind: &str, name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("cadb-{kind}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// A scratch folder ([`scratch`]): a path, removed with what it holds when
/// dropped.
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
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
