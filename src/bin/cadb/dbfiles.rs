//! Finding a database's five files on disk: by its .CDP path or its folder,
//! matching the stem and extensions without regard to case (DOS-era names).

use std::path::{Path, PathBuf};

use cadb::{
    archive::{Grouping, Set, group},
    bytes::FileBytes,
    ca::{Database, DatabaseFiles, OpenOptions},
    text::TextEncoding,
};

use crate::values;

/// The five paths of the database named by `path`: a .CDP file (its four
/// siblings found by stem), or a folder holding one database. The files
/// are grouped by `cadb::archive::group`, the viewer's rule too.
pub fn find(path: &Path) -> Result<DatabaseFiles<PathBuf>, String> {
    let (dir, stem) = if path.is_dir() {
        (path.to_path_buf(), None)
    } else {
        let stem = path
            .file_stem()
            .ok_or_else(|| format!("{}: not a file name", path.display()))?;
        let dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        (dir.to_path_buf(), Some(stem.to_string_lossy().into_owned()))
    };
    let (all, g) = grouped(&dir)?;
    pick(&dir, stem.as_deref(), &all, &g)
}

/// The five paths of the database of `dir` named `stem`, or of its one
/// whole database (`stem` none), from its files `all` grouped as `g`.
fn pick(
    dir: &Path,
    stem: Option<&str>,
    all: &[PathBuf],
    g: &Grouping,
) -> Result<DatabaseFiles<PathBuf>, String> {
    let set = match stem {
        Some(stem) => g
            .databases
            .iter()
            .chain(&g.incomplete)
            .find(|s| s.stem.eq_ignore_ascii_case(stem))
            .ok_or_else(|| format!("{stem}.CDP is missing in {}", dir.display()))?,
        None => match g.databases.as_slice() {
            [one] => {
                for s in &g.incomplete {
                    eprintln!("note: {}", lacks(s, dir));
                }
                one
            }
            [] => {
                return Err(match g.incomplete.as_slice() {
                    [] => format!("{}: no .CDP file in this folder", dir.display()),
                    some => {
                        let each: Vec<String> = some.iter().map(|s| lacks(s, dir)).collect();
                        format!("{}: no whole database ({})", dir.display(), each.join("; "))
                    }
                });
            }
            many => {
                let names: Vec<String> = many.iter().map(|s| s.name()).collect();
                return Err(format!(
                    "{}: several databases ({}); name one .CDP file",
                    dir.display(),
                    names.join(", ")
                ));
            }
        },
    };
    let files = set.database().ok_or_else(|| lacks(set, dir))?;
    Ok(paths_of(all, &files))
}

/// A database of a folder of several: its name and its five paths.
pub struct Member {
    pub name: String,
    pub paths: DatabaseFiles<PathBuf>,
}

/// The whole databases of folder `path`, in the archive's order, when it
/// holds more than one (`None`: a file, or a folder of one or none, which
/// [`find`] opens or explains). A note is printed for each incomplete set.
pub fn members(path: &Path) -> Result<Option<Vec<Member>>, String> {
    if !path.is_dir() {
        return Ok(None);
    }
    let (all, g) = grouped(path)?;
    Ok(members_of(path, &all, &g))
}

/// The whole databases of `dir`, its files `all` grouped as `g`, when
/// there are several ([`members`]).
fn members_of(dir: &Path, all: &[PathBuf], g: &Grouping) -> Option<Vec<Member>> {
    if g.databases.len() < 2 {
        return None;
    }
    for s in &g.incomplete {
        eprintln!("note: {}", lacks(s, dir));
    }
    Some(
        g.databases
            .iter()
            .filter_map(|s| {
                let files = s.database()?;
                Some(Member {
                    name: s.name(),
                    paths: paths_of(all, &files),
                })
            })
            .collect(),
    )
}

/// The databases named by `path`, in the archive's order: every whole
/// database of a folder of several ([`members`]), or the one a .CDP file
/// or a folder names ([`find`]), named by its stem.
pub fn archive(path: &Path) -> Result<Vec<Member>, String> {
    // A folder's entries are read and grouped once.
    let paths = if path.is_dir() {
        let (all, g) = grouped(path)?;
        if let Some(several) = members_of(path, &all, &g) {
            return Ok(several);
        }
        pick(path, None, &all, &g)?
    } else {
        find(path)?
    };
    let name = paths
        .cdp
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    Ok(vec![Member { name, paths }])
}

/// `dir`'s entries, and their names grouped into databases.
fn grouped(dir: &Path) -> Result<(Vec<PathBuf>, Grouping), String> {
    let all = entries(dir)?;
    let names: Vec<String> = all
        .iter()
        .map(|p| {
            p.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        })
        .collect();
    let g = group(&names.iter().map(|n| ("", n.as_str())).collect::<Vec<_>>());
    Ok((all, g))
}

fn paths_of(all: &[PathBuf], files: &DatabaseFiles<usize>) -> DatabaseFiles<PathBuf> {
    DatabaseFiles {
        cdp: all[files.cdp].clone(),
        emb: all[files.emb].clone(),
        d00: all[files.d00].clone(),
        a02: all[files.a02].clone(),
        d02: all[files.d02].clone(),
    }
}

/// What keeps set `s` of `dir` from being a database.
fn lacks(s: &Set, dir: &Path) -> String {
    let each = |parts: &[&str]| {
        let names: Vec<String> = parts
            .iter()
            .map(|ext| format!("{}.{ext}", s.stem))
            .collect();
        names.join(", ")
    };
    let (missing, dir) = (s.missing(), dir.display());
    if missing.is_empty() {
        format!(
            "{} in {dir} twice (names differing only in case)",
            each(&s.doubled)
        )
    } else {
        format!("{} missing in {dir}", each(&missing))
    }
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

/// `db` for another thread: its files opened again (those read whole are
/// shared), and what opening them found kept, not found again.
pub fn again(db: &Database<FileBytes>) -> Result<Database<FileBytes>, String> {
    let files = db.files().try_map(FileBytes::again);
    Ok(db.reopened(files.map_err(|e| e.to_string())?))
}

/// Opens a database of a folder of several ([`members`]).
pub fn open_member(
    m: &Member,
    encoding: Option<TextEncoding>,
) -> Result<Database<FileBytes>, String> {
    open_paths(&m.paths, encoding, WHOLE_UP_TO)
}

/// Opens member `m` of an archive of `count` databases. One that does not
/// open costs only itself: it is named on stderr and skipped (`None`),
/// unless it is the only one, whose failure is then the command's error.
pub fn open_or_skip(
    m: &Member,
    count: usize,
    encoding: Option<TextEncoding>,
) -> Result<Option<Database<FileBytes>>, String> {
    match open_member(m, encoding) {
        Ok(db) => Ok(Some(db)),
        Err(e) if count == 1 => Err(e),
        Err(e) => {
            warn!("{}: not opened: {e}", m.name);
            Ok(None)
        }
    }
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
    open_paths(&find(path)?, encoding, whole_up_to)
}

/// Opens the database of `paths`; an error names the file.
pub fn open_paths(
    paths: &DatabaseFiles<PathBuf>,
    encoding: Option<TextEncoding>,
    whole_up_to: u64,
) -> Result<Database<FileBytes>, String> {
    let read =
        |p: &PathBuf| FileBytes::open(p, whole_up_to).map_err(|e| format!("{}: {e}", p.display()));
    let files = DatabaseFiles {
        cdp: read(&paths.cdp)?,
        emb: read(&paths.emb)?,
        d00: read(&paths.d00)?,
        a02: read(&paths.a02)?,
        d02: read(&paths.d02)?,
    };
    Database::open(files, OpenOptions { encoding })
        .map_err(|e| format!("{}: {e}", paths.cdp.display()))
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
