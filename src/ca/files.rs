//! The five files of a database, each any byte source.

/// The five files of a database, each any byte source.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DatabaseFiles<R> {
    pub cdp: R,
    pub emb: R,
    pub d00: R,
    pub a02: R,
    pub d02: R,
}

impl<R> DatabaseFiles<R> {
    /// The files' extensions, in field order, as the writer names them
    /// (DOS-era names come in any case).
    pub const EXTENSIONS: [&'static str; 5] = ["CDP", "EMB", "D00", "A02", "D02"];

    /// The five files made by `f(extension)`, in field order; the first
    /// error stops.
    ///
    /// ```
    /// use cadb::ca::DatabaseFiles;
    /// let names = DatabaseFiles::try_from_fn(|ext| Ok::<_, ()>(format!("GAMES.{ext}"))).unwrap();
    /// assert_eq!(names.a02, "GAMES.A02");
    /// ```
    pub fn try_from_fn<E>(mut f: impl FnMut(&'static str) -> Result<R, E>) -> Result<Self, E> {
        let [cdp, emb, d00, a02, d02] = Self::EXTENSIONS;
        Ok(DatabaseFiles {
            cdp: f(cdp)?,
            emb: f(emb)?,
            d00: f(d00)?,
            a02: f(a02)?,
            d02: f(d02)?,
        })
    }

    /// The five files made by `f` from these, in field order; the first
    /// error stops.
    ///
    /// ```
    /// use cadb::ca::DatabaseFiles;
    /// let files = DatabaseFiles { cdp: 1, emb: 2, d00: 3, a02: 4, d02: 5 };
    /// assert_eq!(files.try_map(|n| Ok::<_, ()>(n * 10)).unwrap().d02, 50);
    /// ```
    pub fn try_map<S, E>(
        &self,
        mut f: impl FnMut(&R) -> Result<S, E>,
    ) -> Result<DatabaseFiles<S>, E> {
        Ok(DatabaseFiles {
            cdp: f(&self.cdp)?,
            emb: f(&self.emb)?,
            d00: f(&self.d00)?,
            a02: f(&self.a02)?,
            d02: f(&self.d02)?,
        })
    }

    /// Each file with its extension, in field order.
    ///
    /// ```
    /// use cadb::ca::DatabaseFiles;
    /// let files = DatabaseFiles { cdp: 1, emb: 2, d00: 3, a02: 4, d02: 5 };
    /// assert_eq!(files.named()[3], ("A02", &4));
    /// ```
    pub fn named(&self) -> [(&'static str, &R); 5] {
        let [cdp, emb, d00, a02, d02] = Self::EXTENSIONS;
        [
            (cdp, &self.cdp),
            (emb, &self.emb),
            (d00, &self.d00),
            (a02, &self.a02),
            (d02, &self.d02),
        ]
    }
}

impl DatabaseFiles<alloc::vec::Vec<u8>> {
    /// Borrowed views of in-memory files.
    pub fn as_slices(&self) -> DatabaseFiles<&[u8]> {
        DatabaseFiles {
            cdp: &self.cdp,
            emb: &self.emb,
            d00: &self.d00,
            a02: &self.a02,
            d02: &self.d02,
        }
    }
}
