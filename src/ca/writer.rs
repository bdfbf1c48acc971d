//! The Chess Assistant writer (being written).
