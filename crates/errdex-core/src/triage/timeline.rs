//! When did it start, is it still happening: a record's events over the log as a row of bars,
//! one per stretch of the log, the same text in the incident report and the browser.

/// Bars from one event to the busiest stretch; a stretch without events is a dot.
const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
const EMPTY: char = '·';

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
}
