//! What the doctor's report is made of: points (a reading and its
//! evidence, as counts) and warnings.

use alloc::{string::String, vec::Vec};

/// One reading: what was chosen, on what evidence, how sure.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Point {
    /// A stable key (`"file-direction"`).
    pub id: &'static str,
    /// The open question of the spec's §10 (`"Q17"`), or `""`.
    pub question: &'static str,
    pub title: &'static str,
    /// The reading in use.
    pub reading: String,
    /// `"strong"`, `"weak"`, `"undecided"`, `"chosen"` (by the caller) or
    /// `"n/a"` (nothing in this database depends on it).
    pub certainty: &'static str,
    /// The counts the reading rests on.
    pub evidence: Vec<Count>,
}

/// One count of the evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Count {
    pub what: String,
    pub count: u64,
}

/// A warning: its stable code and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Warning {
    pub code: &'static str,
    pub message: String,
}

/// One count of a point's evidence.
pub(crate) fn count(what: impl Into<String>, count: u64) -> Count {
    Count {
        what: what.into(),
        count,
    }
}
