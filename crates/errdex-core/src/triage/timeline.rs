//! When did it start, is it still happening: a record's events over the log as a row of bars,
//! one per stretch of the log, the same text in the incident report and the browser. The
//! stretches are of the log's time span when its lines carry times, of its lines when not.

use super::clock::Stamp;

/// Bars from one event to the busiest stretch; a stretch without events is a dot.
const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
const EMPTY: char = '·';

/// One event on the timeline: its first line, and its time when the log gave one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moment {
    pub line: usize,
    pub time: Option<Stamp>,
}

/// The earliest and the latest time seen, in whatever order the lines came.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Extent {
    pub earliest: Option<Stamp>,
    pub latest: Option<Stamp>,
}

impl Extent {
    pub fn widen(&mut self, stamp: Stamp) {
        if self.earliest.is_none_or(|e| stamp.millis < e.millis) {
            self.earliest = Some(stamp);
        }
        if self.latest.is_none_or(|l| stamp.millis > l.millis) {
            self.latest = Some(stamp);
        }
    }

    /// Both extents in one.
    pub fn merged(mut self, other: &Extent) -> Extent {
        for stamp in [other.earliest, other.latest].into_iter().flatten() {
            self.widen(stamp);
        }
        self
    }
}

/// What a timeline's stretches divide: the log's lines, or its time span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Axis {
    /// Lines `1..=n`.
    Lines(usize),
    /// From the earliest time to the latest; an event without a time goes by its line among
    /// the log's `lines`.
    Times {
        from: Stamp,
        to: Stamp,
        lines: usize,
    },
}

impl Axis {
    /// The axis of a log of `lines` lines whose times reach over `extent`.
    pub fn new(lines: usize, extent: &Extent) -> Axis {
        match (extent.earliest, extent.latest) {
            (Some(from), Some(to)) => Axis::Times { from, to, lines },
            _ => Axis::Lines(lines),
        }
    }

    /// The events in `width` stretches (fewer when the log has fewer lines or milliseconds):
    /// the taller the bar, the more events there.
    pub fn bars(&self, moments: impl IntoIterator<Item = Moment>, width: usize) -> String {
        let moments: Vec<Moment> = moments.into_iter().collect();
        match *self {
            Axis::Lines(read) => {
                let lines: Vec<usize> = moments.iter().map(|m| m.line).collect();
                sparkline(&lines, read, width)
            }
            Axis::Times { from, to, lines } => {
                let range = to.millis.saturating_sub(from.millis).max(0);
                let width = usize::try_from(range.saturating_add(1))
                    .unwrap_or(usize::MAX)
                    .min(width)
                    .max(1);
                // The log's lines, stretched to its last event's line.
                let last = moments.iter().map(|m| m.line).max().unwrap_or(1);
                let span = lines.max(last).max(1);
                let mut counts = vec![0usize; width];
                for m in &moments {
                    let at = match m.time {
                        Some(t) => {
                            let off = i128::from(t.millis.clamp(from.millis, to.millis))
                                - i128::from(from.millis);
                            usize::try_from(off * width as i128 / (i128::from(range) + 1))
                                .unwrap_or(0)
                        }
                        // No time: its place among the lines stands for its place in time.
                        None => m.line.saturating_sub(1) * width / span,
                    };
                    counts[at.min(width - 1)] += 1;
                }
                draw(&counts)
            }
        }
    }

    /// `lines 1–300`, `2024-01-15 10:00:01–10:42:13` or `2024-01-15 23:50:00 – 2024-01-16 00:10:00`.
    pub fn label(&self) -> String {
        match *self {
            Axis::Lines(lines) => format!("lines 1–{}", lines.max(1)),
            Axis::Times { from, to, .. } if from.same_day(&to) => {
                format!("{}–{}", from.show(true), to.show(false))
            }
            Axis::Times { from, to, .. } => format!("{} – {}", from.show(true), to.show(true)),
        }
    }

    /// `label` without the day when the span is within one: `10:00:01–10:42:13`.
    pub fn short_label(&self) -> String {
        match *self {
            Axis::Times { from, to, .. } if from.same_day(&to) => {
                format!("{}–{}", from.show(false), to.show(false))
            }
            _ => self.label(),
        }
    }
}

/// The events at these log lines (1-based) over lines `1..=span`, in `width` stretches of the
/// log (fewer when the log is shorter): the taller the bar, the more events there.
pub fn sparkline(lines: &[usize], span: usize, width: usize) -> String {
    let span = span.max(lines.iter().copied().max().unwrap_or(1)).max(1);
    let width = width.clamp(1, span);
    let mut counts = vec![0usize; width];
    for &line in lines {
        let at = (line.saturating_sub(1) * width / span).min(width - 1);
        counts[at] += 1;
    }
    draw(&counts)
}

fn draw(counts: &[usize]) -> String {
    let most = counts.iter().copied().max().unwrap_or(0).max(1);
    counts
        .iter()
        .map(|&n| match n {
            0 => EMPTY,
            n => BARS[((n * BARS.len()).div_ceil(most) - 1).min(BARS.len() - 1)],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::clock::parse;
    use super::*;

    #[test]
    fn events_fall_in_their_stretch_of_the_log() {
        // 100 lines in 10 stretches: three events early, one at the very end.
        assert_eq!(sparkline(&[1, 2, 3, 100], 100, 10), "█········▃");
        assert_eq!(sparkline(&[50], 100, 10), "····█·····");
        // A log shorter than the row: one stretch a line.
        assert_eq!(sparkline(&[1, 3], 3, 24), "█·█");
        // A line past the span stretches it rather than falling off.
        assert_eq!(sparkline(&[10], 5, 5), "····█");
        assert_eq!(sparkline(&[], 0, 4), "·");
    }

    fn at(line: usize, time: &str) -> Moment {
        Moment {
            line,
            time: parse(time),
        }
    }

    fn axis(from: &str, to: &str, lines: usize) -> Axis {
        let mut extent = Extent::default();
        extent.widen(parse(from).expect("time"));
        extent.widen(parse(to).expect("time"));
        Axis::new(lines, &extent)
    }

    #[test]
    fn with_times_the_stretches_are_of_time_not_lines() {
        // Ten minutes in ten stretches. Nine of ten lines are in the first minute: by line the
        // events would look spread out; by time they all happened at the start, and one at 10:09.
        let axis = axis("2024-01-15T10:00:00Z", "2024-01-15T10:09:59Z", 10);
        let moments = [
            at(2, "2024-01-15T10:00:10Z"),
            at(5, "2024-01-15T10:00:40Z"),
            at(9, "2024-01-15T10:00:50Z"),
            at(10, "2024-01-15T10:09:30Z"),
        ];
        assert_eq!(axis.bars(moments, 10), "█········▃");
        assert_eq!(Axis::Lines(10).bars(moments, 10), "·█··█···██");
        assert_eq!(axis.label(), "2024-01-15 10:00:00–10:09:59");
        assert_eq!(axis.short_label(), "10:00:00–10:09:59");
    }

    #[test]
    fn out_of_order_and_untimed_events() {
        let axis = axis("2024-01-15 10:00:00", "2024-01-15 10:00:09", 100);
        // A late line with an early time goes to the start; an event without a time goes by
        // its line (line 95 of 100: the end).
        let moments = [
            at(90, "2024-01-15 10:00:00"),
            Moment {
                line: 95,
                time: None,
            },
        ];
        assert_eq!(axis.bars(moments, 10), "█········█");
        // One instant: one stretch.
        let once = self::axis("2024-01-15 10:00:00", "2024-01-15 10:00:00", 3);
        assert_eq!(once.bars([at(1, "2024-01-15 10:00:00")], 8), "█");
        // Days apart: both days named.
        let days = self::axis("2024-01-15 23:50:00", "2024-01-16 00:10:00", 3);
        assert_eq!(days.label(), "2024-01-15 23:50:00 – 2024-01-16 00:10:00");
        assert_eq!(Axis::Lines(300).label(), "lines 1–300");
    }
}
