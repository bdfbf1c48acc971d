//! The packed date of §7, in D00 headers and in Players.d00 birthdays:
//! (year·13 + month)·32 + day, unknown parts 0.

use crate::game::Date;

/// `DateID` to a date; zero parts are unknown (§7).
pub fn decode_date(id: u32) -> Date {
    let day = (id % 32) as u8;
    let month = ((id / 32) % 13) as u8;
    let year = id / 416;
    Date {
        year: (year != 0).then_some(year as u16),
        month: (month != 0).then_some(month),
        day: (day != 0).then_some(day),
    }
}

/// The year of a `DateID`, 0 when unknown.
pub fn date_year(id: u32) -> u32 {
    id / 416
}

/// The 3-byte date of §7: (year·13 + month)·32 + day, unknown parts 0.
/// `None` when a part does not fit (year over 40329, month over 12, day over 31).
///
/// ```
/// use cadb::{ca::format::d00::encode_date, game::Date};
/// let d = Date { year: Some(1997), month: Some(3), day: Some(15) };
/// assert_eq!(encode_date(&d), Some(0x0C_AD_8F));
/// ```
pub fn encode_date(date: &Date) -> Option<u32> {
    let year = u32::from(date.year.unwrap_or(0));
    let month = u32::from(date.month.unwrap_or(0));
    let day = u32::from(date.day.unwrap_or(0));
    (year <= 40329 && month <= 12 && day <= 31).then_some((year * 13 + month) * 32 + day)
}
