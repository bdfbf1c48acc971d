//! 64-bit move statistics records and the opening tree (being written).
