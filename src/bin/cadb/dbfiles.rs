//! Finding a database's five files on disk: by its .CDP path or its folder,
//! matching the stem and extensions without regard to case (DOS-era names).

use std::path::{Path, PathBuf};

use cadb::{
    bytes::FileBytes,
    ca::{Database, DatabaseFiles, OpenOptions},
    text::TextEncoding,
};

use crate::values;

/// The five paths of the database named by `path`.
pub fn find(path: &Path) -> Result<DatabaseFiles<PathBuf>, String> {
    let (dir, stem) = if path.is_dir() {
        let mut stems: Vec<String> = entries(path)?
            .iter()
            .filter(|p| ext_is(p, "cdp"))
            .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
            .collect();
        stems.sort();
        stems.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
        match stems.as_slice() {
            [one] => (path.to_path_buf(), one.clone()),
            [] => return Err(format!("{}: no .CDP file in this folder", path.display())),
            many => {
                return Err(format!(
                    "{}: several databases ({}); name one .CDP file",
                    path.display(),
                    many.join(", ")
                ));
            }
        }
    } else {
        let stem = path
            .file_stem()
            .ok_or_else(|| format!("{}: not a file name", path.display()))?;
        let dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        (dir.to_path_buf(), stem.to_string_lossy().into_owned())
    };
    let all = entries(&dir)?;
    let pick = |ext: &str| -> Result<PathBuf, String> {
        all.iter()
            .find(|p| {
                ext_is(p, ext)
                    && p.file_stem()
                        .is_some_and(|s| s.to_string_lossy().eq_ignore_ascii_case(&stem))
            })
            .cloned()
            .ok_or_else(|| format!("{stem}.{ext} is missing in {}", dir.display()))
    };
    DatabaseFiles::try_from_fn(pick)
}

fn ext_is(p: &Path, ext: &str) -> bool {
    p.extension()
        .is_some_and(|e| e.to_string_lossy().eq_ignore_ascii_case(ext))
}

fn entries(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let rd = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
}

/// Whether `path` names a Chess Assistant database (a .CDP file or a folder with one).
pub fn is_database(path: &Path) -> bool {
    path.is_dir() || ext_is(path, "cdp")
}

/// Files up to this size are read whole; larger ones (a multi-gigabyte D02)
/// are read as needed, with read-ahead, and never loaded whole.
const WHOLE_UP_TO: u64 = 64 << 20;

/// Opens the database named by `path`.
pub fn open(path: &Path, encoding: Option<TextEncoding>) -> Result<Database<FileBytes>, String> {
    open_with(path, encoding, WHOLE_UP_TO)
}

/// Reads the database named by `path` into memory, however large, and opens
/// it (for the benchmark, which times decoding, not the disk).
pub fn load(path: &Path, encoding: Option<TextEncoding>) -> Result<Database<FileBytes>, String> {
    open_with(path, encoding, u64::MAX)
}

fn open_with(
    path: &Path,
    encoding: Option<TextEncoding>,
    whole_up_to: u64,
) -> Result<Database<FileBytes>, String> {
    let paths = find(path)?;
    let read =
        |p: &PathBuf| FileBytes::open(p, whole_up_to).map_err(|e| format!("{}: {e}", p.display()));
    let files = DatabaseFiles {
        cdp: read(&paths.cdp)?,
        emb: read(&paths.emb)?,
        d00: read(&paths.d00)?,
        a02: read(&paths.a02)?,
        d02: read(&paths.d02)?,
    };
    Database::open(files, OpenOptions { encoding }).map_err(|e| format!("{}: {e}", path.display()))
}

/// `--encoding NAME`, for every command that opens a database.
#[derive(clap::Args)]
pub struct TextOption {
    /// Encoding of the database's names and comments [default: guessed
    /// from the names, single UTF-8 strings read as UTF-8; `cadb doctor`
    /// shows the evidence]
    #[arg(long, value_name = "NAME", value_parser = values::encoding())]
    pub encoding: Option<TextEncoding>,
}
