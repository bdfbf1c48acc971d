//! One name table's lower-cased names, for substring search and sorting.

use alloc::{string::String, vec, vec::Vec};

/// One table's lower-cased names in one string, NUL after each: a substring
/// query is one search through it (a few MB for 100k+ names), not one a
/// name. The [Latin forms](crate::text::latin) of Cyrillic names are a
/// second such string, so a query in Latin finds them too.
#[derive(Clone, Debug, Default)]
pub(super) struct LowerNames {
    text: String,
    /// Where each record's name starts in `text`.
    starts: Vec<u32>,
    latin: String,
    /// Where each Latin form starts in `latin`, and its record.
    latin_starts: Vec<u32>,
    latin_records: Vec<u32>,
}

/// Calls `f(k)` for each name `k` of `text` (names NUL-terminated, starting
/// at `starts`) that contains `needle`.
fn names_containing(text: &str, starts: &[u32], needle: &str, mut f: impl FnMut(usize)) {
    // Matches come in text order: walk the names along with them.
    let mut k = 0usize;
    for (at, _) in text.match_indices(needle) {
        while starts.get(k + 1).is_some_and(|&s| s as usize <= at) {
            k += 1;
        }
        f(k);
    }
}

impl LowerNames {
    pub(super) fn push(&mut self, name: &str) {
        let record = self.starts.len() as u32;
        self.starts.push(self.text.len() as u32);
        if name.contains('\0') {
            // A NUL inside a name (a damaged table) would split it.
            self.text.push_str(&name.replace('\0', "\u{FFFD}"));
        } else {
            self.text.push_str(name);
        }
        self.text.push('\0');
        if let Some(latin) = crate::text::latin(name) {
            self.latin_records.push(record);
            self.latin_starts.push(self.latin.len() as u32);
            self.latin.push_str(&latin.replace('\0', "\u{FFFD}"));
            self.latin.push('\0');
        }
    }

    pub(super) fn len(&self) -> usize {
        self.starts.len()
    }

    /// Name of record `id`, or `""` past the end.
    pub(super) fn name(&self, id: u32) -> &str {
        let id = id as usize;
        let (Some(&start), end) = (self.starts.get(id), self.starts.get(id + 1)) else {
            return "";
        };
        let end = end.map_or(self.text.len(), |&e| e as usize);
        self.text
            .get(start as usize..end.saturating_sub(1))
            .unwrap_or("")
    }

    /// Which records' names are `name`, in either form.
    pub(super) fn matching_whole(&self, name: &str) -> Vec<bool> {
        let mut set: Vec<bool> = (0..self.len() as u32)
            .map(|r| self.name(r) == name)
            .collect();
        for (k, &r) in self.latin_records.iter().enumerate() {
            let start = self.latin_starts[k] as usize;
            let end = self
                .latin_starts
                .get(k + 1)
                .map_or(self.latin.len(), |&e| e as usize);
            if self.latin.get(start..end.saturating_sub(1)) == Some(name) {
                set[r as usize] = true;
            }
        }
        set
    }

    /// Which records' names (or their Latin forms) contain `needle`.
    pub(super) fn matching(&self, needle: &str) -> Vec<bool> {
        let mut set = vec![needle.is_empty(); self.len()];
        if needle.is_empty() || needle.contains('\0') {
            return set;
        }
        names_containing(&self.text, &self.starts, needle, |k| {
            if let Some(slot) = set.get_mut(k) {
                *slot = true;
            }
        });
        names_containing(&self.latin, &self.latin_starts, needle, |k| {
            if let Some(slot) = self
                .latin_records
                .get(k)
                .and_then(|&r| set.get_mut(r as usize))
            {
                *slot = true;
            }
        });
        set
    }
}
