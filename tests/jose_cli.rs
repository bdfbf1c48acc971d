//! The `cadb jose` commands, run as a binary (feature `cli`).

#![cfg(not(target_arch = "wasm32"))]

#[cfg(feature = "cli")]
#[test]
fn cli_encode_and_decode() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let exe = env!("CARGO_BIN_EXE_cadb");
    let mut child = Command::new(exe)
        .args(["jose", "encode"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1. e4 e5 (1... c5 2. Nf3 $1 {Sicilian}) 2. Nf3 $2 {a comment} Nc6 $14 $140 *")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let line = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        line.trim_end(),
        "1313f00b2eb1e0f12eb2e022beb08cd3ff\t536963696c69616e006120636f6d6d656e7400"
    );
    let out = Command::new(exe)
        .args([
            "jose",
            "decode",
            "--bin",
            "1313f00b2eb1e0f12eb2e022beb08cd3ff",
        ])
        .args(["--comments", "536963696c69616e006120636f6d6d656e7400"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim_end(),
        "1. e4 e5 ( 1... c5 2. Nf3 $1 { Sicilian } ) 2. Nf3 $2 { a comment } 2... Nc6\n$14 $140 *"
    );
}
