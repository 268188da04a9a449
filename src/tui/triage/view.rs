//! The triage view: what was read of the log (in place of the search box), the known errors
//! found in it with their counts (in place of the results list), and the log lines that hit
//! the selected one. The detail panes are the usual ones, for the selected known error.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::tui::app::model::{LoadState, Model, Pane};
use crate::tui::app::msg::RowMatches;
use crate::tui::results::list::hit_rows;
use crate::tui::results::listing::Row;
use crate::tui::results::row::row_lines;
use crate::tui::triage::{Origin, Phase, TriageState};
use crate::tui::ui::block;
use crate::tui::ui::layout::{Areas, inner};
use crate::tui::ui::theme::Theme;
use errdex_core::text::{one_line, plural};
use errdex_core::triage::{Axis, Seen};

pub fn draw(frame: &mut Frame, areas: &Areas, model: &Model) {
    let Some(t) = model.triage.as_ref() else {
        return;
    };
    header(frame, areas.search, t, model);
    if let Some(list) = areas.list {
        groups(frame, list, t, model);
    }
    if let Some(log) = areas.log {
        log_lines(frame, log, t, model);
    }
}

/// Where the log came from and how far reading it has come.
fn header(frame: &mut Frame, area: Rect, t: &TriageState, model: &Model) {
    let theme = &model.theme;
    let title = Line::styled(" errdex · triage ", theme.title);
    frame.render_widget(block(title, false, theme), area);
    let body = inner(area);
    let what = match t.origin {
        Origin::Paste => "pasted log",
        Origin::Stdin => "log from stdin",
    };
    let lines = plural(t.lines, "line");
    let state = match &t.phase {
        Phase::Indexing => format!(" {} ", indexing(model)),
        Phase::Reading => format!(" {lines} read… "),
        Phase::Done => format!(" {lines} "),
        Phase::Failed(why) => one_line(&format!(" {lines}; then: {why} ")),
    };
    let found = format!(
        "{} in {}",
        plural(t.groups.len(), "known error"),
        plural(t.events, "log event"),
    );
    let state_width = u16::try_from(state.chars().count()).unwrap_or(u16::MAX);
    let [left, right] =
        Layout::horizontal([Constraint::Min(1), Constraint::Length(state_width)]).areas(body);
    let mut line = Line::from(vec![
        Span::styled("  ", theme.key),
        Span::styled(format!("{what}: "), theme.dim),
        Span::styled(found, theme.text),
    ]);
    let unknown = t.incident().unknown_events();
    if unknown > 0 {
        let note = format!(" · {} no record knows", plural(unknown, "error event"));
        line.spans.push(Span::styled(note, theme.dim));
    }
    frame.render_widget(line, left);
    let style = if matches!(t.phase, Phase::Failed(_)) {
        theme.error
    } else {
        theme.dim
    };
    frame.render_widget(
        Paragraph::new(Line::styled(state, style)).right_aligned(),
        right,
    );
}

fn indexing(model: &Model) -> String {
    match &model.load {
        LoadState::Loading(p) => format!("loading records… {}", p.records),
        LoadState::Done(_) => "indexing the records…".to_string(),
    }
}

/// The known errors, two rows each: count, severity and message; location and log lines.
fn groups(frame: &mut Frame, area: Rect, t: &TriageState, model: &Model) {
    let theme = &model.theme;
    // The bars divide the log's time span when its lines have times, else its lines.
    let axis = t.incident().axis(t.lines, &t.extent);
    let mut title = format!(" Known errors · bars over {} ", axis.label());
    if title.chars().count() + 2 > usize::from(area.width) {
        // A narrow list: the times alone (the day is in the log lines below).
        title = format!(" Known errors · bars over {} ", axis.short_label());
    }
    let title = Line::styled(title, theme.title);
    frame.render_widget(block(title, model.focus == Pane::Results, theme), area);
    let body = inner(area);
    let unknown = t.unknown();
    if t.groups.is_empty() && unknown.is_empty() {
        frame.render_widget(
            Paragraph::new(empty_message(t, model, theme)).wrap(Wrap { trim: false }),
            body,
        );
        return;
    }
    let most = t.groups.first().map_or(0, |g| g.count);
    let most = most.max(unknown.first().map_or(0, |g| g.events.len()));
    let width = most.to_string().len();
    hit_rows(frame, body, model, |_, row, selected| {
        if let Row::Unknown(k) = row {
            let group = unknown.get(*k)?;
            let bars = axis.bars(group.moments(), TIMELINE_WIDTH);
            let seen = match (group.events.first(), group.events.last()) {
                (Some(first), Some(last)) => seen(first, last, group.events.len(), &axis),
                _ => String::new(),
            };
            let row = UnknownRow {
                pattern: &group.pattern,
                count: group.events.len(),
                bars: &bars,
                seen: &seen,
            };
            return Some(row.lines(width, selected, theme));
        }
        let index = row.record()?;
        let (entry, group) = (model.entry(index)?, t.group(index)?);
        let [mut first, mut second] = row_lines(entry, &RowMatches::default(), selected, theme);
        first.spans.insert(
            1,
            Span::styled(format!("{:>width$}× ", group.count), theme.key),
        );
        // Under the count: when in the log it happened, so a start at the deploy shows, and
        // whether it still goes on; then first and last seen, before where it is in the code.
        let moments = t.incident().moments(index).iter().copied();
        let bars = format!("{:<w$} ", axis.bars(moments, TIMELINE_WIDTH), w = width + 1);
        second.spans.insert(1, Span::styled(bars, theme.key));
        if let Some((first_seen, last_seen)) = t.incident().seen(index) {
            let seen = seen(first_seen, last_seen, group.count, &axis);
            second
                .spans
                .insert(2, Span::styled(format!("{seen}  "), theme.text));
        }
        Some([first, second])
    });
}

/// Stretches of the log a row's timeline has.
const TIMELINE_WIDTH: usize = 8;

/// `seen 10:00:01` for one event, `first 10:00:01 · last 10:42:13` for more (with the day
/// when the log spans several); by line number when the log has no times.
fn seen(first: &Seen, last: &Seen, count: usize, axis: &Axis) -> String {
    let days = match axis {
        Axis::Times { from, to, .. } => !from.same_day(to),
        Axis::Lines(_) => false,
    };
    let at = |seen: &Seen| match seen.time {
        Some(time) if matches!(axis, Axis::Times { .. }) => time.show(days),
        _ => format!("line {}", seen.line),
    };
    match count {
        1 => format!("seen {}", at(first)),
        _ => format!("first {} · last {}", at(first), at(last)),
    }
}

/// An unknown error group, dimmed under the known errors.
struct UnknownRow<'a> {
    /// The normalised message.
    pattern: &'a str,
    count: usize,
    bars: &'a str,
    seen: &'a str,
}

impl UnknownRow<'_> {
    /// Its two rows: its count and message, then when it happened in the log.
    fn lines(&self, width: usize, selected: bool, theme: &Theme) -> [Line<'static>; 2] {
        let marker = if selected { "▌" } else { " " };
        let first = Line::from(vec![
            Span::styled(marker, theme.key),
            Span::styled(format!("{:>width$}× ", self.count), theme.dim),
            Span::styled(one_line(self.pattern), theme.dim),
        ]);
        let second = Line::from(vec![
            Span::styled(marker, theme.key),
            Span::styled(format!("{:<w$} ", self.bars, w = width + 1), theme.key),
            Span::styled(format!("{}  unknown: no record", self.seen), theme.dim),
        ]);
        [first, second]
    }
}

fn empty_message(t: &TriageState, model: &Model, theme: &Theme) -> Vec<Line<'static>> {
    match &t.phase {
        Phase::Indexing => vec![Line::styled(indexing(model), theme.dim)],
        Phase::Reading => vec![Line::styled(
            "reading the log… no known error yet",
            theme.dim,
        )],
        Phase::Done | Phase::Failed(_) => vec![
            Line::styled(
                match t.lines {
                    1 => "No known error in this line.".to_string(),
                    n => format!("No known error in these {n} lines."),
                },
                theme.text,
            ),
            Line::styled("Esc goes back to the search.", theme.dim),
        ],
    }
}

/// The log lines that hit the selected known error, with their line numbers.
fn log_lines(frame: &mut Frame, area: Rect, t: &TriageState, model: &Model) {
    let theme = &model.theme;
    let row = model.selected_row();
    let (count, kept) = row.map_or((0, Vec::new()), |r| t.row_lines(r));
    let skip = row.map_or(0, |r| t.lines_scroll(r));
    let what = if matches!(row, Some(Row::Unknown(_))) {
        "Log lines of this unknown error"
    } else {
        "Log lines that hit it"
    };
    let title = match count {
        0 => " Log lines ".to_string(),
        _ if skip > 0 => format!(" {what} ({count}) · from #{} · [ ] scroll ", skip + 1),
        _ if count > usize::from(area.height.saturating_sub(2)) => {
            format!(" {what} ({count}) · [ ] scroll ")
        }
        _ => format!(" {what} ({count}) "),
    };
    frame.render_widget(block(Line::styled(title, theme.title), false, theme), area);
    if count == 0 {
        return;
    }
    let body = inner(area);
    let rows = usize::from(body.height);
    let width = kept.last().map_or(1, |(n, _)| n.to_string().len());
    let more = count.saturating_sub(skip + rows);
    let shown = if more > 0 {
        rows.saturating_sub(1)
    } else {
        rows
    };
    let mut lines: Vec<Line> = kept
        .iter()
        .skip(skip)
        .take(shown)
        .map(|&(n, text)| {
            Line::from(vec![
                Span::styled(format!("{n:>width$} │ "), theme.gutter),
                Span::styled(one_line(text), theme.text),
            ])
        })
        .collect();
    if more > 0 {
        let left = count - skip - shown;
        lines.push(Line::styled(format!("… and {left} more"), theme.dim));
    }
    frame.render_widget(Paragraph::new(lines), body);
}

#[cfg(test)]
mod tests {
    use crate::tui::app::update::update;
    use crate::tui::testing::screen;
    use crate::tui::triage::tests::triaged;
    use crate::tui::triage::{Phase, TriageNews};
    use crate::tui::{app::msg::Msg, testing::loaded_model, testing::render, triage::Origin};

    #[test]
    fn snapshot_triage_80x24() {
        insta::assert_snapshot!(render(&triaged(80, 24)).backend());
    }

    #[test]
    fn snapshot_triage_120x40() {
        insta::assert_snapshot!(render(&triaged(120, 40)).backend());
    }

    #[test]
    fn the_log_lines_of_the_selected_error_follow_the_selection() {
        let mut m = triaged(120, 40);
        let text = screen(&m);
        assert!(text.contains("Log lines that hit it (2)"), "{text}");
        assert!(
            text.contains("2 │ 2024-05-01T10:00:01Z ERROR deadlock"),
            "{text}"
        );
        assert!(text.contains("2× crit"), "{text}");
        update(
            &mut m,
            crate::tui::testing::key(crossterm::event::KeyCode::Down),
        );
        let text = screen(&m);
        assert!(text.contains("Log lines that hit it (1)"), "{text}");
        assert!(!text.contains("ERROR deadlock"), "{text}");
    }

    #[test]
    fn the_log_lines_box_scrolls() {
        use crossterm::event::KeyCode;
        let mut m = loaded_model(120, 40, true);
        crate::tui::triage::start(&mut m, 1, Origin::Stdin);
        let log: Vec<String> = (1..=60)
            .map(|i| {
                format!(
                    "2024-05-01T10:00:{:02}Z ERROR deadlock detected while updating rows",
                    i % 60
                )
            })
            .collect();
        let ds = m.dataset.clone().expect("loaded");
        let hits = errdex_core::triage::Triage::new(&ds)
            .scan(ds.entries(), &log, 1)
            .hits;
        assert_eq!(hits.len(), 60);
        update(
            &mut m,
            Msg::Triage(TriageNews {
                id: 1,
                phase: Phase::Done,
                lines: 60,
                extent: Default::default(),
                hits,
            }),
        );
        let text = screen(&m);
        assert!(
            text.contains("Log lines that hit it (60) · [ ] scroll"),
            "{text}"
        );
        assert!(text.contains(" 1 │ 2024-05-01T10:00:01Z"), "{text}");
        assert!(!text.contains("21 │ 2024"), "{text}");
        update(&mut m, crate::tui::testing::key(KeyCode::Char(']')));
        update(&mut m, crate::tui::testing::key(KeyCode::Char(']')));
        let text = screen(&m);
        assert!(text.contains("from #21"), "{text}");
        assert!(text.contains("21 │ 2024-05-01T10:00:21Z"), "{text}");
        assert!(!text.contains(" 1 │ 2024"), "{text}");
        update(&mut m, crate::tui::testing::key(KeyCode::Char('[')));
        assert!(screen(&m).contains("11 │ 2024-05-01T10:00:11Z"));
        // Past the end it stops at the last line.
        for _ in 0..10 {
            update(&mut m, crate::tui::testing::key(KeyCode::Char(']')));
        }
        let text = screen(&m);
        assert!(text.contains("60 │ 2024-05-01T10:00:00Z"), "{text}");
        assert!(!text.contains("59 │"), "{text}");
    }

    #[test]
    fn waiting_reading_and_nothing_found_say_so() {
        let mut m = loaded_model(80, 24, true);
        crate::tui::triage::start(&mut m, 1, Origin::Stdin);
        assert!(screen(&m).contains("indexing the records…"));
        let news = |phase, lines| {
            Msg::Triage(TriageNews {
                id: 1,
                phase,
                lines,
                extent: Default::default(),
                hits: Vec::new(),
            })
        };
        update(&mut m, news(Phase::Reading, 12));
        let text = screen(&m);
        assert!(text.contains("12 lines read…"), "{text}");
        assert!(text.contains("no known error yet"), "{text}");
        update(
            &mut m,
            news(Phase::Failed("cannot read the log: gone".into()), 12),
        );
        let text = screen(&m);
        assert!(text.contains("No known error in these 12 lines."), "{text}");
        assert!(text.contains("then: cannot read the log: gone"), "{text}");
        update(&mut m, news(Phase::Done, 1));
        let text = screen(&m);
        assert!(text.contains("No known error in this line."), "{text}");
    }
}
