//! The headers part of a database: how many games there are (the CDP's
//! count against D00's records) and each game's D00 record, read one at a
//! time or in blocks.

use super::{
    cdp::CdpInfo,
    format::d00::{self, RawHeader},
};
use crate::{
    bytes::ReadAt,
    error::{Error, ErrorKind, FileKind},
};

/// D00 records read at once by a scan: a million-header scan makes a
/// thousand reads, not a million (each one a JS call for a lazily read D00).
const SCAN_BLOCK: u64 = 1024;

/// What the CDP says, D00's record count, and the games readable (the
/// smaller of the two counts).
#[derive(Clone, Debug)]
pub(crate) struct HeaderTable {
    /// The CDP's fields, its game count D00's when the CDP is too short to say.
    pub(crate) cdp: CdpInfo,
    /// Whole records in D00.
    pub(crate) d00_records: u64,
    /// Games readable.
    pub(crate) count: u64,
}

impl HeaderTable {
    /// The counts from the CDP (`cdp_count`: `None` when it is too short
    /// to say) and a D00 of `d00_size` bytes; a partial record and counts
    /// that differ are warnings.
    pub(crate) fn new(
        mut cdp: CdpInfo,
        cdp_count: Option<u32>,
        d00_size: u64,
        warnings: &mut alloc::vec::Vec<Error>,
    ) -> HeaderTable {
        let d00_records = d00_size / d00::RECORD_LEN as u64;
        // A CDP too short to say: D00's count stands.
        cdp.game_count = cdp_count.unwrap_or(u32::try_from(d00_records).unwrap_or(u32::MAX));
        if !d00_size.is_multiple_of(d00::RECORD_LEN as u64) {
            let k = ErrorKind::Invalid {
                what: "D00 size is not a multiple of 38; the partial record is ignored",
            };
            warnings.push(Error::new(k, FileKind::D00).at(d00_records * d00::RECORD_LEN as u64));
        }
        let count = u64::from(cdp.game_count).min(d00_records);
        if u64::from(cdp.game_count) != d00_records {
            let k = ErrorKind::Invalid {
                what: "the CDP game count and the D00 record count differ; the smaller is used",
            };
            warnings.push(Error::new(k, FileKind::D00));
        }
        HeaderTable {
            cdp,
            d00_records,
            count,
        }
    }

    /// Checks a game index from a caller: past the end is a parameter error.
    pub(crate) fn check_index(&self, index: u64) -> Result<(), Error> {
        if index < self.count {
            Ok(())
        } else {
            Err(Error::new(
                ErrorKind::NoSuchGame {
                    index,
                    count: self.count,
                },
                FileKind::Argument,
            ))
        }
    }

    /// The D00 record of game `index`, as stored.
    pub(crate) fn raw_header<R: ReadAt>(&self, d00: &R, index: u64) -> Result<RawHeader, Error> {
        self.check_index(index)?;
        let at = index * d00::RECORD_LEN as u64;
        let b = d00
            .read_at(at, d00::RECORD_LEN)
            .map_err(|k| Error::new(k, FileKind::D00).at(at))?;
        let b: &[u8; d00::RECORD_LEN] = (&*b)
            .try_into()
            .map_err(|_| Error::new(ErrorKind::Invalid { what: "short read" }, FileKind::D00))?;
        Ok(RawHeader::parse(b))
    }

    /// Calls `f(index, header)` for the D00 records of games `start..end`
    /// (clipped to the count), reading [`SCAN_BLOCK`] records at a time.
    pub(crate) fn scan<R: ReadAt>(
        &self,
        d00: &R,
        start: u64,
        end: u64,
        mut f: impl FnMut(u64, &RawHeader),
    ) -> Result<(), Error> {
        let end = end.min(self.count);
        let mut i = start;
        while i < end {
            let n = (end - i).min(SCAN_BLOCK);
            let at = i * d00::RECORD_LEN as u64;
            let len = (n as usize) * d00::RECORD_LEN;
            let b = d00
                .read_at(at, len)
                .map_err(|k| Error::new(k, FileKind::D00).at(at))?;
            if b.len() != len {
                return Err(
                    Error::new(ErrorKind::Invalid { what: "short read" }, FileKind::D00).at(at),
                );
            }
            for (k, rec) in b.chunks_exact(d00::RECORD_LEN).enumerate() {
                if let Ok(rec) = <&[u8; d00::RECORD_LEN]>::try_from(rec) {
                    f(i + k as u64, &RawHeader::parse(rec));
                }
            }
            i += n;
        }
        Ok(())
    }
}
