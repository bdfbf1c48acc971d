//! The CDP file: signature, format version, game count, comment (§3).

use alloc::{string::String, vec::Vec};

use super::format::{
    c_string,
    cdp::{COMMENT_LEN, FIXED_LEN, GAME_COUNT, SIGNATURE_FIELD, VERSION_FIELD},
};
use crate::{
    bytes::{ReadAt, u32le},
    error::{Error, ErrorKind, FileKind},
    limits::MAX_COMMENT_BYTES,
};

/// What the CDP file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CdpInfo {
    /// E.g. `Chess Assistant 3.0 database.`
    pub signature: String,
    /// E.g. `\nChess Data Pro format. Version 1.3` (leading line feed kept).
    pub version: String,
    /// Number of games.
    pub game_count: u32,
    /// The database comment, as stored (decode with the database's encoding).
    pub comment: Vec<u8>,
}

impl CdpInfo {
    /// Reads a CDP file.
    ///
    /// ```
    /// let mut cdp = vec![0u8; 114];
    /// cdp[..4].copy_from_slice(b"Test");
    /// cdp[104] = 7; // games
    /// cdp[108] = 2; // comment length
    /// cdp[112..].copy_from_slice(b"hi");
    /// let info = cadb::ca::cdp::CdpInfo::read(&cdp[..]).unwrap();
    /// assert_eq!((info.signature.as_str(), info.game_count, &info.comment[..]), ("Test", 7, &b"hi"[..]));
    /// ```
    pub fn read<R: ReadAt + ?Sized>(cdp: &R) -> Result<CdpInfo, Error> {
        let err = |k, at| Error::new(k, FileKind::Cdp).at(at);
        let b = cdp.read_at(0, FIXED_LEN).map_err(|k| err(k, 0))?;
        let len = u64::from(u32le(&b, COMMENT_LEN));
        if len > MAX_COMMENT_BYTES {
            return Err(err(
                ErrorKind::TooLarge {
                    what: "database comment",
                    size: len,
                    limit: MAX_COMMENT_BYTES,
                },
                COMMENT_LEN as u64,
            ));
        }
        let comment = cdp
            .read_at(FIXED_LEN as u64, len as usize)
            .map_err(|k| err(k, FIXED_LEN as u64))?;
        Ok(CdpInfo {
            signature: c_string(&b[SIGNATURE_FIELD]),
            version: c_string(&b[VERSION_FIELD]),
            game_count: u32le(&b, GAME_COUNT),
            comment: comment.into_owned(),
        })
    }

    /// Reads a CDP file whatever its cosmetic fields say: a comment whose
    /// length is impossible is left out, and a file too short for its
    /// fixed part gives no game count (`None`: D00's count stands), each
    /// with a warning. Only the game count matters to the games.
    ///
    /// ```
    /// let mut cdp = vec![0u8; 112];
    /// cdp[104] = 7; // games
    /// cdp[108..112].copy_from_slice(&u32::MAX.to_le_bytes()); // comment length
    /// let mut warnings = Vec::new();
    /// let (info, count) = cadb::ca::cdp::CdpInfo::read_lenient(&cdp[..], &mut warnings);
    /// assert_eq!((count, info.comment.len(), warnings.len()), (Some(7), 0, 1));
    /// ```
    pub fn read_lenient<R: ReadAt + ?Sized>(
        cdp: &R,
        warnings: &mut Vec<Error>,
    ) -> (CdpInfo, Option<u32>) {
        match CdpInfo::read(cdp) {
            Ok(info) => {
                let count = info.game_count;
                (info, Some(count))
            }
            Err(e) => {
                let fixed = cdp
                    .read_at(0, FIXED_LEN)
                    .ok()
                    .filter(|b| b.len() == FIXED_LEN);
                let info = CdpInfo {
                    signature: fixed
                        .as_ref()
                        .map_or_else(String::new, |b| c_string(&b[SIGNATURE_FIELD])),
                    version: fixed
                        .as_ref()
                        .map_or_else(String::new, |b| c_string(&b[VERSION_FIELD])),
                    game_count: fixed.as_ref().map_or(0, |b| u32le(b, GAME_COUNT)),
                    comment: Vec::new(),
                };
                let count = fixed.is_some().then_some(info.game_count);
                let what = if count.is_some() {
                    "the database comment is left out"
                } else {
                    "the game count is taken from D00"
                };
                warnings.push(
                    Error::new(
                        ErrorKind::Uncertain {
                            point: "a damaged field",
                            detail: alloc::format!("{}; {what}", e.kind),
                        },
                        FileKind::Cdp,
                    )
                    .at(e.offset.unwrap_or(0)),
                );
                (info, count)
            }
        }
    }
}
