//! `update`: a message in, the model changed, effects out. No I/O happens here, so every
//! behaviour of the browser can be tested by replaying messages.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::tui::app::effect::Effect;
use crate::tui::app::model::{LoadState, Model, Pane};
use crate::tui::app::msg::Msg;
use crate::tui::app::scroll;
use crate::tui::copy::update as update_copy;
use crate::tui::history::update as memory;
use crate::tui::input::action::Action;
use crate::tui::input::keymap::Mode;
use crate::tui::local::update as local;

/// What one message did: effects to run, and whether the screen needs drawing.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Step {
    pub effects: Vec<Effect>,
    pub redraw: bool,
}

impl Step {
    pub(crate) fn redraw() -> Step {
        Step {
            effects: Vec::new(),
            redraw: true,
        }
    }

    pub(crate) fn with(mut self, effect: Effect) -> Step {
        self.effects.push(effect);
        self
    }
}

pub fn update(m: &mut Model, msg: Msg) -> Step {
    match msg {
        Msg::Key(key) => update_copy::on_key(m, key, |m| on_key(m, key)),
        Msg::Mouse(mouse) => scroll::on_mouse(m, mouse),
        Msg::Action(action) => apply(m, action),
        Msg::Resize(width, height) => {
            m.width = width;
            m.height = height;
            scroll::settle(m);
            Step::redraw()
        }
        Msg::Progress(p) => {
            let LoadState::Loading(old) = &m.load else {
                return Step::default();
            };
            let changed = *old != p;
            m.load = LoadState::Loading(p);
            Step {
                effects: Vec::new(),
                redraw: changed,
            }
        }
        Msg::Partial(dataset) => {
            if !matches!(m.load, LoadState::Loading(_)) {
                return Step::default();
            }
            m.dataset = Some(dataset);
            Step::redraw().with(Effect::Search(m.query.clone()))
        }
        Msg::Loaded(dataset, summary) => {
            m.dataset = Some(dataset);
            m.load = LoadState::Done(summary);
            Step::redraw().with(Effect::Search(m.query.clone()))
        }
        Msg::Results(results, matcher) => {
            // The triage view holds the list; the query is searched again when it is left.
            if results.generation < m.results.generation || m.in_triage() {
                return Step::default();
            }
            let kept = m.selected_index();
            let same_query = results.query == m.results.query;
            m.results = results;
            m.matcher = matcher;
            // While one query's results stream in, the selected record stays selected; a new
            // query starts again at the best match.
            m.selected = kept
                .filter(|_| same_query)
                .and_then(|k| m.results.hits.iter().position(|&i| i as usize == k))
                .unwrap_or(0);
            if !same_query {
                m.list_offset = 0;
            }
            scroll::settle(m);
            selection_changed(m, Step::redraw())
        }
        Msg::Detail(Ok(detail)) => {
            if Some(detail.index) != m.selected_index() {
                return Step::default();
            }
            m.detail = Some(*detail);
            m.detail_error = None;
            m.scroll = [0; 4];
            scroll::center_marked_line(m);
            local::detail_shown(m, Step::redraw())
        }
        Msg::Remembered(answer) => memory::on_remembered(m, answer),
        msg @ (Msg::Copied { .. } | Msg::Opened(..)) => update_copy::on_msg(m, msg),
        Msg::Detail(Err((index, why))) => {
            if Some(index) != m.selected_index() {
                return Step::default();
            }
            m.detail = None;
            m.detail_error = Some(why);
            Step::redraw()
        }
        Msg::Located(answer) => local::on_located(m, *answer),
        Msg::Edited(result) => local::on_edited(m, result),
        Msg::Paste(text) => crate::tui::triage::on_paste(m, text),
        Msg::Triage(news) => crate::tui::triage::on_news(m, news),
    }
}

fn on_key(m: &mut Model, key: KeyEvent) -> Step {
    if key.kind == KeyEventKind::Release {
        return Step::default();
    }
    let action = m.keymap.action(m.mode, &key);
    if m.areas().is_none() && action != Some(Action::Quit) {
        // Nothing is on screen to act on while the terminal is too small.
        return Step::default();
    }
    if m.help {
        return on_help_key(m, key, action);
    }
    if m.memory.overlay.is_some() {
        return memory::on_overlay_key(m, key, action);
    }
    if m.copy_menu.is_some() {
        let step = update_copy::on_menu_key(m, key, action);
        return memory::after_copy(m, step);
    }
    if let Some(action) = action {
        return apply(m, action);
    }
    match key.code {
        KeyCode::Char(c)
            if m.mode == Mode::Search
                && !key
                    .modifiers
                    .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
        {
            insert(m, c)
        }
        _ => Step::default(),
    }
}

/// With the help open, keys scroll or close it and do nothing else.
fn on_help_key(m: &mut Model, key: KeyEvent, action: Option<Action>) -> Step {
    let page = usize::from(m.height.saturating_sub(4)).max(1);
    let last = crate::tui::help::view::line_count(m).saturating_sub(page);
    match action {
        Some(Action::Quit) if key.modifiers.contains(KeyModifiers::CONTROL) => {
            return apply(m, Action::Quit);
        }
        Some(Action::SelectNext) => m.help_scroll = (m.help_scroll + 1).min(last),
        Some(Action::SelectPrev) => m.help_scroll = m.help_scroll.saturating_sub(1),
        Some(Action::PageDown) => m.help_scroll = (m.help_scroll + page).min(last),
        Some(Action::PageUp) => m.help_scroll = m.help_scroll.saturating_sub(page),
        _ if matches!(key.code, KeyCode::Esc | KeyCode::Char('q'))
            || action == Some(Action::Help) =>
        {
            m.help = false;
        }
        _ => return Step::default(),
    }
    Step::redraw()
}

pub fn apply(m: &mut Model, action: Action) -> Step {
    match action {
        Action::Quit => {
            m.quit = true;
            return memory::record_query(m, Step::default()).with(Effect::Quit);
        }
        Action::Help => {
            m.help = !m.help;
            m.help_scroll = 0;
        }
        Action::SearchMode if m.in_triage() => return crate::tui::triage::leave(m),
        Action::SearchMode => m.mode = Mode::Search,
        Action::BrowseMode => m.mode = Mode::Browse,
        Action::Back if m.zoomed => {
            m.zoomed = false;
            m.focus = Pane::Results;
            scroll::settle(m);
        }
        Action::Back if m.in_triage() => return crate::tui::triage::leave(m),
        Action::Back => return Step::default(),
        Action::ShowTriage => return crate::tui::triage::reopen(m),
        Action::SelectNext => {
            return memory::recall(m, 1).unwrap_or_else(|| scroll::move_by(m, 1));
        }
        Action::SelectPrev => {
            return memory::recall(m, -1).unwrap_or_else(|| scroll::move_by(m, -1));
        }
        Action::PageDown => return scroll::move_by(m, scroll::page(m)),
        Action::PageUp => return scroll::move_by(m, -scroll::page(m)),
        Action::SelectFirst => return scroll::move_by(m, isize::MIN),
        Action::SelectLast => return scroll::move_by(m, isize::MAX),
        Action::FocusNext => cycle_focus(m, 1),
        Action::FocusPrev => cycle_focus(m, -1),
        Action::ShowOverview => show(m, Pane::Overview),
        Action::ShowSource => show(m, Pane::Source),
        Action::ShowFixes => show(m, Pane::Fixes),
        Action::ShowTips => show(m, Pane::Tips),
        Action::Zoom => {
            m.zoomed = !m.zoomed;
            m.focus = if m.zoomed { m.tab } else { Pane::Results };
            scroll::settle(m);
            if m.zoomed {
                return memory::opened(m, Step::redraw());
            }
        }
        Action::DeleteBack => {
            if m.cursor == 0 {
                return Step::default();
            }
            let at = byte_at(&m.query, m.cursor - 1);
            m.query.remove(at);
            m.cursor -= 1;
            return query_changed(m);
        }
        Action::DeleteWord => {
            let chars: Vec<char> = m.query.chars().collect();
            let mut start = m.cursor;
            while start > 0 && chars[start - 1] == ' ' {
                start -= 1;
            }
            while start > 0 && chars[start - 1] != ' ' {
                start -= 1;
            }
            if start == m.cursor {
                return Step::default();
            }
            let (a, b) = (byte_at(&m.query, start), byte_at(&m.query, m.cursor));
            m.query.replace_range(a..b, "");
            m.cursor = start;
            return query_changed(m);
        }
        Action::ClearQuery => {
            if m.query.is_empty() {
                return Step::default();
            }
            m.query.clear();
            m.cursor = 0;
            return query_changed(m);
        }
        Action::CursorLeft => m.cursor = m.cursor.saturating_sub(1),
        Action::CursorRight => m.cursor = (m.cursor + 1).min(m.query.chars().count()),
        Action::TogglePin => return memory::toggle_pin(m),
        Action::ExportPins => return memory::export_pins(m),
        Action::History => return memory::open_history(m),
        Action::CopyMenu
        | Action::CopyFix
        | Action::CopySolution1
        | Action::CopySolution2
        | Action::CopySolution3
        | Action::CopySolution4
        | Action::CopySolution5
        | Action::CopySolution6
        | Action::CopySolution7
        | Action::CopySolution8
        | Action::CopySolution9
        | Action::OpenUrl => {
            let step = update_copy::apply(m, action);
            return memory::after_copy(m, step);
        }
        Action::EditLocal => return local::edit(m),
        Action::ToggleLocalSource => return local::toggle(m),
    }
    Step::redraw()
}

fn insert(m: &mut Model, c: char) -> Step {
    let at = byte_at(&m.query, m.cursor);
    m.query.insert(at, c);
    m.cursor += 1;
    query_changed(m)
}

pub(crate) fn query_changed(m: &mut Model) -> Step {
    if m.in_triage() {
        // Typing always edits the query: it leaves the triage view for the search.
        crate::tui::triage::deactivate(m);
    }
    // An edited query is no longer a step of a walk through the history.
    m.memory.recall = None;
    if m.dataset.is_none() {
        // Loading: the query is searched once the records are in.
        return Step::redraw();
    }
    Step::redraw().with(Effect::Search(m.query.clone()))
}

/// The byte offset of char `n` of `s` (its length past the end).
pub(crate) fn byte_at(s: &str, n: usize) -> usize {
    s.char_indices().nth(n).map_or(s.len(), |(i, _)| i)
}

fn show(m: &mut Model, pane: Pane) {
    m.tab = pane;
    m.focus = pane;
}

/// Tab order: the list, then each detail pane; the list is skipped while the detail is zoomed.
fn cycle_focus(m: &mut Model, step: isize) {
    let order: &[Pane] = if m.zoomed {
        &Pane::DETAIL
    } else {
        &[
            Pane::Results,
            Pane::Overview,
            Pane::Source,
            Pane::Fixes,
            Pane::Tips,
        ]
    };
    let at = order.iter().position(|p| *p == m.focus).unwrap_or(0) as isize;
    let len = order.len() as isize;
    let next = order[(at + step).rem_euclid(len) as usize];
    m.focus = next;
    if next != Pane::Results {
        m.tab = next;
    }
}

/// Asks for the selected record's details when they are not the ones on display.
pub(crate) fn selection_changed(m: &mut Model, step: Step) -> Step {
    match m.selected_index() {
        Some(i) if m.detail.as_ref().map(|d| d.index) != Some(i) => {
            m.detail_error = None;
            step.with(Effect::LoadDetail(i))
        }
        Some(_) => step,
        None => {
            m.detail = None;
            m.detail_error = None;
            step
        }
    }
}

#[cfg(test)]
#[path = "update_tests.rs"]
mod tests;
