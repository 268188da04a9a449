//! What a log held, for people: the known errors (how often, first and last seen, what to do)
//! and the error events no record knows, grouped by their normalised message — the incident
//! report `errdex triage --markdown` prints and the browser's triage view copies.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::clock::Stamp;
use super::report::{Group, Summary};
use super::timeline::{Axis, Extent, Moment};
use super::{LineHits, header, normalized};
use crate::dataset::Dataset;
use crate::export::{fence, language_for};
use crate::markdown as md;
use crate::text::{plural, sanitize};

/// Line numbers listed per unknown group in the report.
const REPORT_LINES: usize = 10;

/// Events kept per record for listing (`--unknown`'s errors found only in code); the rest
/// are counted.
pub const LISTED_EVENTS: usize = 1_000;

/// One log event, as the report cites it.
#[derive(Debug, Clone, PartialEq)]
pub struct Seen {
    pub line: usize,
    pub last_line: usize,
    pub text: String,
    /// When it happened (`LineHits::time`).
    pub time: Option<Stamp>,
}

impl Seen {
    pub fn moment(&self) -> Moment {
        Moment {
            line: self.line,
            time: self.time,
        }
    }
}

/// Error events that matched no record and read the same once normalised.
#[derive(Debug, Clone, PartialEq)]
pub struct UnknownGroup {
    /// The normalised message (`request * failed`), what the events share.
    pub pattern: String,
    /// The events, in log order.
    pub events: Vec<Seen>,
}

impl UnknownGroup {
    /// Its events on the timeline.
    pub fn moments(&self) -> impl Iterator<Item = Moment> + '_ {
        self.events.iter().map(Seen::moment)
    }
}

/// Collects a log's known and unknown error events as they stream by.
#[derive(Debug, Clone, Default)]
pub struct Incident {
    summary: Summary,
    /// First and last event per record.
    ends: HashMap<usize, (Seen, Seen)>,
    /// Every event per record, for its timeline.
    moments: HashMap<usize, Vec<Moment>>,
    /// The times of the events, earliest and latest.
    times: Extent,
    /// The first [`LISTED_EVENTS`] events per record, in log order.
    events: HashMap<usize, Vec<Seen>>,
    unknown: Vec<UnknownGroup>,
    unknown_by_pattern: HashMap<String, usize>,
}

impl Incident {
    /// Takes an event's hits; one without matches is an unknown error event.
    pub fn add(&mut self, hits: &LineHits) {
        let seen = Seen {
            line: hits.line,
            last_line: hits.last_line,
            text: hits.text.clone(),
            time: hits.time,
        };
        if let Some(time) = hits.time {
            self.times.widen(time);
        }
        if hits.matches.is_empty() {
            let message = &hits.text[header::message_start(&hits.text)..];
            let pattern = normalized(message);
            let next = self.unknown.len();
            let at = *self
                .unknown_by_pattern
                .entry(pattern.clone())
                .or_insert(next);
            if at == next {
                self.unknown.push(UnknownGroup {
                    pattern,
                    events: Vec::new(),
                });
            }
            self.unknown[at].events.push(seen);
            return;
        }
        self.summary.add(hits);
        for m in &hits.matches {
            self.moments
                .entry(m.record)
                .or_default()
                .push(seen.moment());
            let listed = self.events.entry(m.record).or_default();
            if listed.len() < LISTED_EVENTS {
                listed.push(seen.clone());
            }
            self.ends
                .entry(m.record)
                .and_modify(|(_, last)| *last = seen.clone())
                .or_insert_with(|| (seen.clone(), seen.clone()));
        }
    }

    /// Takes back an event reported before (it is about to be reported again, updated).
    pub fn retract(&mut self, hits: &LineHits) {
        if hits.matches.is_empty() {
            for group in &mut self.unknown {
                group.events.retain(|e| e.line != hits.line);
            }
            return;
        }
        for m in &hits.matches {
            if let Some(listed) = self.events.get_mut(&m.record)
                && let Some(at) = listed.iter().rposition(|e| e.line == hits.line)
            {
                listed.remove(at);
            }
        }
        self.summary.retract(hits);
        for m in &hits.matches {
            if let Some(moments) = self.moments.get_mut(&m.record)
                && let Some(at) = moments.iter().rposition(|e| e.line == hits.line)
            {
                moments.remove(at);
            }
        }
    }

    /// A record's events on the timeline, in log order.
    pub fn moments(&self, record: usize) -> &[Moment] {
        self.moments.get(&record).map_or(&[], Vec::as_slice)
    }

    /// What the timelines of a log of `lines` lines divide: its time span when it has times
    /// (`log`: its first and latest timed lines; the events' own times widen it), else its lines.
    pub fn axis(&self, lines: usize, log: &Extent) -> Axis {
        Axis::new(lines, &self.times.merged(log))
    }

    /// The events listed for a record (the first [`LISTED_EVENTS`]), in log order.
    pub fn events_of(&self, record: usize) -> &[Seen] {
        self.events.get(&record).map_or(&[], Vec::as_slice)
    }

    /// The first and the last event of a record seen so far.
    pub fn seen(&self, record: usize) -> Option<(&Seen, &Seen)> {
        self.ends.get(&record).map(|(first, last)| (first, last))
    }

    pub fn known_events(&self) -> usize {
        self.summary.events()
    }

    pub fn unknown_events(&self) -> usize {
        self.unknown.iter().map(|g| g.events.len()).sum()
    }

    /// Per record, most frequent first.
    pub fn known(&self) -> Vec<Group> {
        self.summary.groups()
    }

    /// Most frequent first, then first seen.
    pub fn unknown(&self) -> Vec<&UnknownGroup> {
        let mut groups: Vec<&UnknownGroup> = self
            .unknown
            .iter()
            .filter(|g| !g.events.is_empty())
            .collect();
        groups.sort_by(|a, b| {
            b.events
                .len()
                .cmp(&a.events.len())
                .then(a.events[0].line.cmp(&b.events[0].line))
        });
        groups
    }

    /// The incident report in Markdown, of a log of `lines_read` lines whose timed lines reach
    /// over `log`.
    pub fn markdown(&self, ds: &Dataset, lines_read: usize, log: &Extent) -> String {
        let axis = self.axis(lines_read, log);
        let mut out = String::from("# Incident report\n\n");
        let (code, known): (Vec<Group>, Vec<Group>) = self
            .known()
            .into_iter()
            .partition(|g| ds.is_scanned(g.record));
        let unknown = self.unknown();
        let in_code = match code.len() {
            0 => String::new(),
            n => format!(
                " ({} found only in code, no curated record)",
                plural(n, "of them")
            ),
        };
        let _ = writeln!(
            out,
            "{}: {} of {}{in_code}, {} no record knows ({}).\n",
            plural(lines_read, "log line"),
            plural(self.known_events(), "event"),
            plural(known.len() + code.len(), "known error"),
            plural(self.unknown_events(), "error event"),
            plural(unknown.len(), "kind")
        );
        if !known.is_empty() {
            out.push_str("## Known errors\n\n");
        }
        for group in &known {
            self.known_section(&mut out, ds, group, &axis);
        }
        if !code.is_empty() {
            out.push_str("## No curated record\n\nFound in the code (`errdex scan`), no fix written yet.\n\n");
        }
        for group in &code {
            self.code_section(&mut out, ds, group, &axis);
        }
        if !unknown.is_empty() {
            out.push_str("## Unknown errors\n\n");
        }
        for group in unknown {
            unknown_section(&mut out, group, &axis);
        }
        while out.ends_with("\n\n") {
            out.pop();
        }
        out
    }

    fn known_section(&self, out: &mut String, ds: &Dataset, group: &Group, axis: &Axis) {
        let entry = ds.entries().at(group.record);
        let record = ds.record(group.record).ok();
        let title = entry.message.lines().next().unwrap_or("").trim();
        let _ = writeln!(out, "### {}\n", md::inline(&sanitize(title)));
        let mut facts = vec![format!("- **Record:** {}", md::code(&sanitize(entry.id)))];
        facts.push(format!("- **Events:** {}", group.count));
        if let Some((first, last)) = self.ends.get(&group.record) {
            facts.push(format!("- **First:** {}", cite(first)));
            facts.push(format!("- **Last:** {}", cite(last)));
        }
        let moments = self.moments(group.record).iter().copied();
        facts.push(timeline(moments, axis));
        if let Some(severity) = &entry.severity {
            facts.push(format!(
                "- **Severity:** {}",
                md::inline(&sanitize(severity))
            ));
        }
        if let Some(location) = entry.location() {
            let repo = entry
                .repo
                .map(|r| format!(" ({})", md::inline(&sanitize(r))));
            let location = md::code(&sanitize(&location));
            let repo = repo.unwrap_or_default();
            facts.push(format!("- **Location:** {location}{repo}"));
        }
        if let Some(solution) = record.as_ref().and_then(|r| r.solutions.first()) {
            facts.push(format!(
                "- **First solution:** {}",
                md::prose(&sanitize(solution), "  ")
            ));
        }
        let _ = writeln!(out, "{}\n", facts.join("\n"));
        if let Some(fix) = record.as_ref().and_then(|r| r.example_fix.as_deref()) {
            let lang = entry.file_path.and_then(language_for).unwrap_or("");
            let _ = writeln!(out, "Fix:\n\n{}", fence(lang, &sanitize(fix.trim_end())));
        }
    }
}

/// `- **Timeline:** `█··▃` (lines 1–300)` or `(2024-01-15 10:00:01–10:42:13)`: the events
/// over the log, a bar per stretch of its lines or of its time span.
pub(super) fn timeline(moments: impl IntoIterator<Item = Moment>, axis: &Axis) -> String {
    let bars = axis.bars(moments, TIMELINE_WIDTH);
    format!("- **Timeline:** `{bars}` ({})", axis.label())
}

/// Stretches of the log in a report's timeline.
const TIMELINE_WIDTH: usize = 24;

fn unknown_section(out: &mut String, group: &UnknownGroup, axis: &Axis) {
    let _ = writeln!(out, "### {}\n", md::code(&sanitize(&group.pattern)));
    let lines: Vec<String> = group
        .events
        .iter()
        .take(REPORT_LINES)
        .map(|e| e.line.to_string())
        .collect();
    let more = if group.events.len() > REPORT_LINES {
        ", …"
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "- **Events:** {} (line {}{more})",
        group.events.len(),
        lines.join(", ")
    );
    if let Some(first) = group.events.first() {
        if let Some(time) = timestamp(&first.text) {
            let _ = writeln!(out, "- **First:** {}", md::inline(&sanitize(time)));
        }
        let _ = writeln!(out, "{}", timeline(group.moments(), axis));
        let _ = writeln!(out, "\n{}", fence("", &sanitize(&first.text)));
    }
}

/// `line 12 (2024-01-15T10:23:45Z)`.
pub(super) fn cite(seen: &Seen) -> String {
    match timestamp(&seen.text) {
        Some(time) => format!("line {} ({})", seen.line, md::inline(&sanitize(time))),
        None => format!("line {}", seen.line),
    }
}

/// The time at the start of a log line: its leading date and time fields (`2024-01-15T10:23:45Z`,
/// `Jun 14 15:16:01`, `081109 203615`), if it has any.
pub fn timestamp(line: &str) -> Option<&str> {
    let trimmed = line.trim_start_matches(['[', '<']);
    let offset = line.len() - trimmed.len();
    let mut end = 0;
    for (i, field) in trimmed.split(' ').enumerate().take(4) {
        let field_end = field.as_ptr() as usize - trimmed.as_ptr() as usize + field.len();
        let core = field.trim_end_matches([']', ',']);
        let digits = core.bytes().filter(u8::is_ascii_digit).count();
        let timeish = core.bytes().all(|c| {
            c.is_ascii_digit() || matches!(c, b'-' | b':' | b'.' | b',' | b'/' | b'T' | b'Z' | b'+')
        }) && (digits >= 6 || (digits > 0 && core.contains([':', '-', '/'])));
        let day = i > 0 && (1..=2).contains(&core.len()) && digits == core.len();
        let month = i == 0 && core.len() == 3 && header::is_calendar(core);
        if !(timeish || day || month) {
            break;
        }
        end = field_end - (field.len() - core.len());
    }
    (end > 0).then(|| &line[offset..offset + end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_at_the_start_of_lines() {
        for (line, time) in [
            (
                "2024-01-15T10:23:45.123Z ERROR boom",
                Some("2024-01-15T10:23:45.123Z"),
            ),
            (
                "2024-01-15 10:23:45,123 ERROR boom",
                Some("2024-01-15 10:23:45,123"),
            ),
            ("Jun 14 15:16:01 combo sshd[1]: x", Some("Jun 14 15:16:01")),
            ("[2024-01-15 10:23:45] x", Some("2024-01-15 10:23:45")),
            ("081109 203615 148 INFO x", Some("081109 203615")),
            ("connection refused", None),
            ("12 items", None),
            ("", None),
        ] {
            assert_eq!(timestamp(line), time, "{line}");
        }
    }
}
