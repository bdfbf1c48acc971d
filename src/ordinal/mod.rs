//! PGC and MGC move-ordinal codecs (being written).
