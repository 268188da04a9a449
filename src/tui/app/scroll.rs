//! Selection and scroll offsets, settled here (never while drawing): moving through results,
//! scrolling the detail panes, keeping things in view after a resize, and the mouse.

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

use super::effect::Effect;
use super::generation::Job;
use crate::tui::app::model::{Model, Overlay, Pane};
use crate::tui::app::step::Step;
use crate::tui::detail::content_height;
use crate::tui::input::action::Action;
use crate::tui::input::keymap::Mode;
use crate::tui::ui::layout::{ROWS_PER_RESULT, inner};

/// Lines a wheel notch scrolls.
const WHEEL_LINES: isize = 3;

/// What Up/Down act on: the list, or the detail pane that has the focus.
fn target(m: &Model) -> Pane {
    if m.zoomed && m.focus == Pane::Results {
        m.tab
    } else {
        m.focus
    }
}

/// A page of whatever Up/Down act on.
/// A key in an overlay that is only text to read (help, problems): it scrolls by a line, a
/// page or to an end, never past `last`, or closes the overlay; nothing else.
pub fn on_text_overlay_key(m: &mut Model, action: Option<Action>, last: usize) -> Step {
    let page = usize::from(m.height.saturating_sub(4)).max(1);
    if action == Some(Action::Close) {
        m.overlay = None;
        return Step::redraw();
    }
    let (Some(offset), Some(action)) = (m.overlay.as_mut().and_then(Overlay::text_scroll), action)
    else {
        return Step::default();
    };
    *offset = match action {
        Action::SelectNext => (*offset + 1).min(last),
        Action::SelectPrev => offset.saturating_sub(1),
        Action::PageDown => (*offset + page).min(last),
        Action::PageUp => offset.saturating_sub(page),
        Action::SelectFirst => 0,
        Action::SelectLast => last,
        _ => return Step::default(),
    };
    Step::redraw()
}

pub fn page(m: &Model) -> isize {
    let Some(areas) = m.areas() else { return 1 };
    let lines = match target(m) {
        Pane::Results => areas.list_capacity(),
        _ => usize::from(areas.detail_inner().height),
    };
    isize::try_from(lines.max(1)).unwrap_or(1)
}

/// Moves the selection (or scrolls the focused pane) by `delta`, clamped at both ends.
pub fn move_by(m: &mut Model, delta: isize) -> Step {
    match target(m) {
        Pane::Results => select(m, delta),
        pane => scroll_pane(m, pane, delta),
    }
}

fn select(m: &mut Model, delta: isize) -> Step {
    let len = m.listing.len();
    if len == 0 {
        return Step::default();
    }
    let next = m.selected.saturating_add_signed(delta).min(len - 1);
    if next == m.selected {
        return Step::default();
    }
    m.selected = next;
    settle(m);
    selection_changed(m, Step::redraw())
}

fn scroll_pane(m: &mut Model, pane: Pane, delta: isize) -> Step {
    let Some(i) = pane.detail_index() else {
        return Step::default();
    };
    let next = m.scroll[i]
        .saturating_add_signed(delta)
        .min(max_scroll(m, pane));
    if next == m.scroll[i] {
        return Step::default();
    }
    m.scroll[i] = next;
    Step::redraw()
}

/// How far a detail pane can scroll: until its last line is at the bottom.
fn max_scroll(m: &Model, pane: Pane) -> usize {
    let Some(areas) = m.areas() else { return 0 };
    let body = areas.detail_inner();
    content_height(m, pane, body.width).saturating_sub(usize::from(body.height))
}

/// Brings the selection into range and into view, and every pane within its scroll limits.
pub fn settle(m: &mut Model) {
    let len = m.listing.len();
    m.selected = m.selected.min(len.saturating_sub(1));
    let Some(areas) = m.areas() else { return };
    // The divider above weak results takes a row: keep the selection clear of the bottom edge.
    let divider = usize::from(m.listing.weak_from().is_some());
    let capacity = areas.list_capacity().saturating_sub(divider).max(1);
    if m.selected < m.list_offset {
        m.list_offset = m.selected;
    } else if m.selected >= m.list_offset + capacity {
        m.list_offset = m.selected + 1 - capacity;
    }
    m.list_offset = m.list_offset.min(len.saturating_sub(capacity));
    for pane in Pane::DETAIL {
        if let Some(i) = pane.detail_index() {
            m.scroll[i] = m.scroll[i].min(max_scroll(m, pane));
        }
    }
}

/// Scrolls the source pane so the marked line sits in the middle of it.
pub fn center_marked_line(m: &mut Model) {
    let Some(areas) = m.areas() else { return };
    let Some(src) = crate::tui::local::shown::shown_source(m) else {
        return;
    };
    let Some(marked) = src.marked else { return };
    let height = usize::from(areas.detail_inner().height);
    let line = marked + usize::from(src.notice.is_some());
    let wanted = line.saturating_sub(height / 2);
    if let Some(i) = Pane::Source.detail_index() {
        m.scroll[i] = wanted.min(max_scroll(m, Pane::Source));
    }
}

fn contains(r: Rect, x: u16, y: u16) -> bool {
    r.contains(Position::new(x, y))
}

/// Click selects (a result, a pane, the search box); the wheel scrolls what is under it.
pub fn on_mouse(m: &mut Model, ev: MouseEvent) -> Step {
    // Overlays are modal: a click must not change the record under the copy menu.
    if m.overlay.is_some() {
        return Step::default();
    }
    let Some(areas) = m.areas() else {
        return Step::default();
    };
    let (x, y) = (ev.column, ev.row);
    let over_list = areas.list.filter(|l| contains(*l, x, y));
    let over_detail = contains(areas.detail, x, y);
    match ev.kind {
        MouseEventKind::Down(MouseButton::Left) => {
            if contains(areas.search, x, y) {
                m.mode = Mode::Search;
                return Step::redraw();
            }
            if let Some(list) = over_list {
                m.focus = Pane::Results;
                let body = inner(list);
                if y < body.y || y >= body.bottom() {
                    return Step::redraw();
                }
                let row = usize::from((y - body.y) / ROWS_PER_RESULT);
                let wanted = m.list_offset + row;
                if wanted < m.listing.len() && wanted != m.selected {
                    m.selected = wanted;
                    settle(m);
                    return selection_changed(m, Step::redraw());
                }
                return Step::redraw();
            }
            if over_detail {
                m.focus = m.tab;
                return Step::redraw();
            }
            Step::default()
        }
        MouseEventKind::ScrollDown | MouseEventKind::ScrollUp => {
            let delta = if ev.kind == MouseEventKind::ScrollDown {
                WHEEL_LINES
            } else {
                -WHEEL_LINES
            };
            if over_list.is_some() {
                select(m, delta)
            } else if over_detail {
                scroll_pane(m, m.tab, delta)
            } else {
                Step::default()
            }
        }
        _ => Step::default(),
    }
}

/// Asks for the selected record's details when they are not the ones on display. A site
/// selected beneath its group becomes the group's chosen one.
pub fn selection_changed(m: &mut Model, step: Step) -> Step {
    m.listing.follow(m.selected);
    // Whatever comes of it, a detail asked for before is for another selection now.
    let generation = m.requests.ask(Job::Detail);
    match m.selected_index() {
        Some(index) if m.detail.as_ref().map(|d| d.index) != Some(index) => {
            m.detail_error = None;
            step.with(Effect::LoadDetail { index, generation })
        }
        Some(_) => step,
        None => {
            m.detail = None;
            m.detail_error = None;
            step
        }
    }
}
