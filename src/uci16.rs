//! uci16 (being written).
