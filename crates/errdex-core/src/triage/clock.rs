//! The times in a log: the text of a line's time (its leading date and time fields, or a JSON
//! line's `ts`/`time` field) read as a moment, so a timeline can be drawn over the log's time
//! span rather than over its line numbers.

use jiff::civil::DateTime;
use jiff::fmt::temporal::{Pieces, PiecesOffset};
use jiff::tz::Offset;
use jiff::{Timestamp, fmt::strtime};

/// The year given to times a log writes without one (syslog's `Jun 14 15:16:01`): a leap
/// year, so that `Feb 29` is a time too.
const STAND_IN_YEAR: i16 = 2000;

/// A moment a log line was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    /// Milliseconds since the Unix epoch; a time written without a zone is read as UTC.
    pub millis: i64,
    /// The offset from UTC it was written in, in seconds (0 without one).
    pub offset: i32,
    /// False when the log gives no year (syslog): the year is a stand-in, not shown.
    pub dated: bool,
}

impl Stamp {
    /// The time as the log's clock showed it: `10:23:45`, or with the day,
    /// `2024-01-15 10:23:45` (`Jun 14 10:23:45` without a year).
    pub fn show(&self, with_day: bool) -> String {
        let format = match (with_day, self.dated) {
            (false, _) => "%H:%M:%S",
            (true, true) => "%Y-%m-%d %H:%M:%S",
            (true, false) => "%b %d %H:%M:%S",
        };
        self.wall()
            .map(|at| at.strftime(format).to_string())
            .unwrap_or_default()
    }

    /// True when both fall on the same day of the log's clock.
    pub fn same_day(&self, other: &Stamp) -> bool {
        match (self.wall(), other.wall()) {
            (Some(a), Some(b)) => a.date() == b.date(),
            _ => false,
        }
    }

    fn wall(&self) -> Option<DateTime> {
        let at = Timestamp::from_millisecond(self.millis).ok()?;
        let offset = Offset::from_seconds(self.offset).ok()?;
        Some(offset.to_datetime(at))
    }
}

/// Reads a log's time: ISO 8601 / RFC 3339 (`T` or a space, a `.` or `,` before the fraction,
/// `Z`, an offset or none), `2024/01/15 10:23:45`, syslog's `Jun 14 15:16:01`, `081109 203615`
/// (HDFS), and epoch seconds, milliseconds, microseconds or nanoseconds.
pub fn parse(text: &str) -> Option<Stamp> {
    let text = text.trim();
    let first = text.bytes().next()?;
    if first.is_ascii_alphabetic() {
        return syslog(text);
    }
    if let Some(stamp) = epoch(text) {
        return Some(stamp);
    }
    if text.len() == 13 && text.as_bytes()[6] == b' ' {
        let at = strtime::parse("%y%m%d %H%M%S", text)
            .ok()?
            .to_datetime()
            .ok()?;
        return utc(at, 0, true);
    }
    iso(text)
}

fn iso(text: &str) -> Option<Stamp> {
    // `2024/01/15` (Go's log package) and a comma before the fraction (log4j, Python).
    let mut owned = text.replace(',', ".");
    if owned.len() >= 10 && owned.is_char_boundary(10) {
        let date = owned[..10].replace('/', "-");
        owned.replace_range(..10, &date);
    }
    let pieces = Pieces::parse(&owned).ok()?;
    let time = pieces.time().unwrap_or_default();
    let at = pieces.date().to_datetime(time);
    let offset = match pieces.offset() {
        Some(PiecesOffset::Numeric(n)) => n.offset().seconds(),
        _ => 0,
    };
    utc(at, offset, true)
}

/// `Jun 14 15:16:01` (and `Jun  4 …`): no year, so a stand-in one.
fn syslog(text: &str) -> Option<Stamp> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [month, day, time, ..] = words.as_slice() else {
        return None;
    };
    let tidy = format!("{STAND_IN_YEAR} {month} {day} {time}");
    let tidy = tidy.split('.').next().unwrap_or(&tidy);
    let at = strtime::parse("%Y %b %d %H:%M:%S", tidy)
        .ok()?
        .to_datetime()
        .ok()?;
    utc(at, 0, false)
}

/// Digits, maybe with a fraction: seconds (10 digits), milliseconds (13), microseconds (16)
/// or nanoseconds (19) since the epoch; other lengths are not times.
fn epoch(text: &str) -> Option<Stamp> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|c| c.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) {
        return None;
    }
    let n: i64 = whole.parse().ok()?;
    let millis = match whole.len() {
        9 | 10 => {
            let fraction: String = fraction.chars().chain("000".chars()).take(3).collect();
            n.checked_mul(1000)?
                .checked_add(fraction.parse::<i64>().ok()?)?
        }
        12 | 13 => n,
        15 | 16 => n / 1_000,
        18 | 19 => n / 1_000_000,
        _ => return None,
    };
    Timestamp::from_millisecond(millis).ok()?;
    Some(Stamp {
        millis,
        offset: 0,
        dated: true,
    })
}

/// A wall-clock time written at `offset` seconds from UTC.
fn utc(at: DateTime, offset: i32, dated: bool) -> Option<Stamp> {
    let zone = Offset::from_seconds(offset).ok()?;
    let instant = zone.to_timestamp(at).ok()?;
    Some(Stamp {
        millis: instant.as_millisecond(),
        offset,
        dated,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn millis(text: &str) -> Option<i64> {
        parse(text).map(|s| s.millis)
    }

    #[test]
    fn every_format_triage_extracts_is_a_moment() {
        // 2024-01-15T10:23:45Z
        let at = 1_705_314_225_000;
        for text in [
            "2024-01-15T10:23:45Z",
            "2024-01-15 10:23:45",
            "2024-01-15T12:23:45+02:00",
            "2024/01/15 10:23:45",
            "1705314225",
            "1705314225000",
            "1705314225000000",
            "1705314225000000000",
        ] {
            assert_eq!(millis(text), Some(at), "{text}");
        }
        assert_eq!(millis("2024-01-15 10:23:45,123"), Some(at + 123));
        assert_eq!(millis("2024-01-15T10:23:45.5Z"), Some(at + 500));
        assert_eq!(millis("1705314225.25"), Some(at + 250));
        assert_eq!(millis("081109 203615"), millis("2008-11-09 20:36:15"));
        // No year: a stand-in one, the same for every line of the log.
        let june = parse("Jun 14 15:16:01").expect("syslog");
        assert!(!june.dated);
        assert_eq!(Some(june.millis), millis("2000-06-14 15:16:01"));
        assert_eq!(millis("Jun  4 15:16:01"), millis("2000-06-04 15:16:01"));
        for text in ["connection", "12", "123456", "99:99:99", "", "Jun 14"] {
            assert_eq!(parse(text), None, "{text}");
        }
    }

    #[test]
    fn shown_on_the_logs_own_clock() {
        let s = parse("2024-01-15T12:23:45+02:00").expect("time");
        assert_eq!(s.show(false), "12:23:45");
        assert_eq!(s.show(true), "2024-01-15 12:23:45");
        let june = parse("Jun 14 15:16:01").expect("syslog");
        assert_eq!(june.show(true), "Jun 14 15:16:01");
        let later = parse("2024-01-15T23:59:59+02:00").expect("time");
        assert!(s.same_day(&later));
        assert!(!s.same_day(&parse("2024-01-16 00:00:01").expect("time")));
    }
}
