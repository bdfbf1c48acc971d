//! The JavaScript API (being written).
