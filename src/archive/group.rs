//! Files grouped into databases: a Chess Assistant database is five files
//! of one stem (`X.CDP`, `X.EMB`, `X.D00`, `X.A02`, `X.D02`) in one folder.
//! DOS-era names come in any case, so stems and extensions are compared
//! without regard to ASCII case. The same stem in two folders is two
//! databases, each named by its folder. A set that lacks a part, or has
//! two files for one, is no database, and says why; the others open.

use alloc::{string::String, vec, vec::Vec};

use crate::ca::DatabaseFiles;

/// The extensions of a database's five files, in `DatabaseFiles` order.
const PARTS: [&str; 5] = DatabaseFiles::<()>::EXTENSIONS;

/// The files of one (folder, stem): each part's index in the names given to
/// [`group`], if present.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Set {
    /// The folder, as given (`""`: no folder).
    pub folder: String,
    /// The stem, as the first of its files spells it.
    pub stem: String,
    /// Each part's file, in `DatabaseFiles` order (CDP, EMB, D00, A02, D02).
    pub files: [Option<usize>; 5],
    /// Parts given twice (`A.cdp` and `A.CDP` on a case-sensitive disk):
    /// which one is meant is unknown, so the set is no database.
    pub doubled: Vec<&'static str>,
    /// Whether another set of [`Grouping::databases`] or
    /// [`Grouping::incomplete`] has the same stem in another folder: its
    /// name then includes the folder.
    pub stem_shared: bool,
}

impl Set {
    /// The parts it lacks (extensions, upper case).
    pub fn missing(&self) -> Vec<&'static str> {
        PARTS
            .iter()
            .zip(&self.files)
            .filter(|(_, f)| f.is_none())
            .map(|(p, _)| *p)
            .collect()
    }

    /// Whether it is a database: every part present, none twice.
    pub fn is_complete(&self) -> bool {
        self.database().is_some()
    }

    /// Its five files' indices, if it is a database.
    pub fn database(&self) -> Option<DatabaseFiles<usize>> {
        if !self.doubled.is_empty() {
            return None;
        }
        let [Some(cdp), Some(emb), Some(d00), Some(a02), Some(d02)] = self.files else {
            return None;
        };
        Some(DatabaseFiles {
            cdp,
            emb,
            d00,
            a02,
            d02,
        })
    }

    /// What a person calls it: the stem, or `folder/stem` when the stem is
    /// in several folders.
    pub fn name(&self) -> String {
        if self.stem_shared && !self.folder.is_empty() {
            alloc::format!("{}/{}", self.folder, self.stem)
        } else {
            self.stem.clone()
        }
    }
}

/// The outcome of [`group`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Grouping {
    /// The complete sets, in the archive's order: by folder, then stem,
    /// each compared case-folded (then as spelled, so the order is total).
    pub databases: Vec<Set>,
    /// Sets with a part missing or given twice, in the same order.
    pub incomplete: Vec<Set>,
    /// Files that are no part of a database (another extension).
    pub others: Vec<usize>,
}

/// Groups `files`, each `(folder, file name)`, into databases.
///
/// ```
/// use cadb::archive::group;
/// let files = [
///     ("old", "Games.cdp"), ("old", "GAMES.EMB"), ("old", "games.d00"),
///     ("old", "games.a02"), ("old", "games.d02"), ("old", "readme.txt"),
///     ("old", "ECO.CDP"), ("old", "ECO.EMB"),
/// ];
/// let g = group(&files);
/// assert_eq!(g.databases.len(), 1);
/// assert_eq!(g.databases[0].name(), "Games");
/// assert_eq!(g.databases[0].database().unwrap().d02, 4);
/// assert_eq!(g.incomplete[0].name(), "ECO");
/// assert_eq!(g.incomplete[0].missing(), ["D00", "A02", "D02"]);
/// assert_eq!(g.others, [5]);
/// ```
pub fn group(files: &[(&str, &str)]) -> Grouping {
    let mut sets: Vec<Set> = Vec::new();
    let mut others = Vec::new();
    for (i, &(folder, name)) in files.iter().enumerate() {
        let part = name.rsplit_once('.').and_then(|(stem, ext)| {
            let k = PARTS.iter().position(|p| p.eq_ignore_ascii_case(ext))?;
            Some((stem, k)).filter(|(stem, _)| !stem.is_empty())
        });
        let Some((stem, k)) = part else {
            others.push(i);
            continue;
        };
        let at = sets
            .iter()
            .position(|s| s.folder == folder && s.stem.eq_ignore_ascii_case(stem));
        let set = match at {
            Some(at) => &mut sets[at],
            None => {
                sets.push(Set {
                    folder: String::from(folder),
                    stem: String::from(stem),
                    files: [None; 5],
                    doubled: vec![],
                    stem_shared: false,
                });
                sets.last_mut().expect("just pushed")
            }
        };
        if set.files[k].is_some() {
            if !set.doubled.contains(&PARTS[k]) {
                set.doubled.push(PARTS[k]);
            }
        } else {
            set.files[k] = Some(i);
        }
    }
    let key = |s: &Set| {
        (
            s.folder.to_ascii_lowercase(),
            s.stem.to_ascii_lowercase(),
            s.folder.clone(),
            s.stem.clone(),
        )
    };
    sets.sort_by_cached_key(key);
    // A set is one (folder, stem): a stem in two sets is in two folders.
    let sets_of = |stem: &str| {
        sets.iter()
            .filter(|s| s.stem.eq_ignore_ascii_case(stem))
            .count()
    };
    let shared: Vec<bool> = sets.iter().map(|s| sets_of(&s.stem) > 1).collect();
    for (s, shared) in sets.iter_mut().zip(shared) {
        s.stem_shared = shared;
    }
    let (databases, incomplete) = sets.into_iter().partition(Set::is_complete);
    Grouping {
        databases,
        incomplete,
        others,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::{format, string::ToString};

    fn five(
        folder: &'static str,
        stem: &str,
        case: fn(&str) -> String,
    ) -> Vec<(&'static str, String)> {
        PARTS
            .iter()
            .map(|p| (folder, format!("{stem}.{}", case(p))))
            .collect()
    }

    fn grouped(files: &[(&'static str, String)]) -> Grouping {
        let refs: Vec<(&str, &str)> = files.iter().map(|(f, n)| (*f, n.as_str())).collect();
        group(&refs)
    }

    #[test]
    fn stems_and_extensions_in_any_case_make_one_database() {
        let mut files = five("", "Games", |p| p.to_ascii_lowercase());
        files[2].1 = "GAMES.D00".to_string();
        files[4].1 = "games.D02".to_string();
        let g = grouped(&files);
        assert_eq!(g.databases.len(), 1, "{g:?}");
        assert_eq!(g.databases[0].name(), "Games");
        assert!(g.incomplete.is_empty() && g.others.is_empty());
    }

    #[test]
    fn the_same_stem_in_two_folders_is_two_databases_named_by_folder() {
        let mut files = five("b", "ECO", |p| p.to_string());
        files.extend(five("a", "eco", |p| p.to_string()));
        files.extend(five("a", "Lessons", |p| p.to_string()));
        let g = grouped(&files);
        let names: Vec<String> = g.databases.iter().map(Set::name).collect();
        // The archive's order: folder, then stem; a stem in one folder only is its name.
        assert_eq!(names, ["a/eco", "Lessons", "b/ECO"]);
    }

    #[test]
    fn an_incomplete_or_doubled_set_is_named_and_costs_only_itself() {
        let mut files = five("", "A", |p| p.to_string());
        files.extend(five("", "B", |p| p.to_string()).into_iter().take(3));
        files.extend(five("", "C", |p| p.to_string()));
        files.push(("", "c.cdp".to_string()));
        files.push(("", "notes.txt".to_string()));
        files.push(("", ".D02".to_string()));
        files.push(("", "D02".to_string()));
        let g = grouped(&files);
        assert_eq!(g.databases.iter().map(Set::name).collect::<Vec<_>>(), ["A"]);
        let b = &g.incomplete[0];
        assert_eq!(
            (b.name(), b.missing()),
            ("B".to_string(), vec!["A02", "D02"])
        );
        let c = &g.incomplete[1];
        assert_eq!(
            (c.name(), c.doubled.clone(), c.database()),
            ("C".to_string(), vec!["CDP"], None)
        );
        assert_eq!(
            g.others,
            [files.len() - 3, files.len() - 2, files.len() - 1]
        );
    }

    #[test]
    fn the_grouping_does_not_depend_on_the_order_of_the_files() {
        let mut files = five("x", "One", |p| p.to_string());
        files.extend(five("x", "two", |p| p.to_ascii_lowercase()));
        files.extend(five("y", "One", |p| p.to_string()).into_iter().skip(1));
        let names = |g: &Grouping| {
            (
                g.databases.iter().map(Set::name).collect::<Vec<_>>(),
                g.incomplete
                    .iter()
                    .map(|s| (s.name(), s.missing()))
                    .collect::<Vec<_>>(),
            )
        };
        let want = names(&grouped(&files));
        assert_eq!(want.0, ["x/One", "two"]);
        assert_eq!(want.1, [("y/One".to_string(), vec!["CDP"])]);
        for turn in 1..files.len() {
            let mut turned = files.clone();
            turned.rotate_left(turn);
            turned.reverse();
            let g = grouped(&turned);
            assert_eq!(names(&g), want);
            // Each part is the file of that name.
            for s in &g.databases {
                for (k, f) in s.files.iter().enumerate() {
                    assert!(
                        turned[f.unwrap()]
                            .1
                            .to_ascii_uppercase()
                            .ends_with(PARTS[k])
                    );
                }
            }
        }
    }
}
