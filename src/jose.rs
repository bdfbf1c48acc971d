//! jose (being written).
